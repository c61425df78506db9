import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore

@testable import TodoServer

/// ``WholeBodyMiddleware`` hands Hummingbird a known-length body as one buffer, which it
/// writes with the head in one batched write; other bodies stream as before.
@Suite("Whole body")
struct WholeBodyTests {
  /// Records what a body writes, call by call.
  final class RecordingWriter: ResponseBodyWriter {
    var writes: [[UInt8]] = []
    var trailers: HTTPFields?
    var finished = false

    func write(_ buffer: ByteBuffer) async throws {
      writes.append(Array(buffer.readableBytesView))
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {
      trailers = trailingHeaders
      finished = true
    }
  }

  struct Failure: Error {}

  /// A body written in three parts, as the OpenAPI transport writes an `HTTPBody`'s chunks.
  static func threeParts(length: Int?, trailers: HTTPFields? = nil, failing: Bool = false)
    -> ResponseBody
  {
    ResponseBody(contentLength: length) { writer in
      try await writer.write(ByteBuffer(string: "[1,"))
      try await writer.write(ByteBuffer(string: "2,"))
      if failing { throw Failure() }
      try await writer.write(ByteBuffer(string: "3]"))
      try await writer.finish(trailers)
    }
  }

  /// What `body` writes after the middleware has made it whole.
  static func written(_ body: ResponseBody) async throws -> RecordingWriter {
    let whole = try await WholeBodyMiddleware<BasicRequestContext>.whole(body)
    let recorder = RecordingWriter()
    try await whole.write(recorder)
    return recorder
  }

  @Test("a body of known length is written once, whole")
  func knownLength() async throws {
    let recorder = try await Self.written(Self.threeParts(length: 7))
    #expect(recorder.writes == [Array("[1,2,3]".utf8)])
    #expect(recorder.finished)
    #expect(recorder.trailers == nil)
  }

  @Test("a body of unknown length streams part by part")
  func unknownLength() async throws {
    let recorder = try await Self.written(Self.threeParts(length: nil))
    #expect(recorder.writes.count == 3)
    #expect(recorder.writes.joined().elementsEqual("[1,2,3]".utf8))
  }

  @Test("a body longer than the largest collected streams part by part")
  func tooLong() async throws {
    let recorder = try await Self.written(
      Self.threeParts(length: WholeBodyMiddleware<BasicRequestContext>.largestBody + 1))
    #expect(recorder.writes.count == 3)
  }

  @Test("trailing headers are kept")
  func trailers() async throws {
    let recorder = try await Self.written(
      Self.threeParts(length: 7, trailers: [.eTag: "\"2\""]))
    #expect(recorder.writes == [Array("[1,2,3]".utf8)])
    #expect(recorder.trailers?[.eTag] == "\"2\"")
  }

  @Test("a body that fails while it is collected fails the request before anything is sent")
  func failure() async throws {
    await #expect(throws: Failure.self) {
      _ = try await Self.written(Self.threeParts(length: 7, failing: true))
    }
  }

  @Test("through the server, a collected body keeps its Content-Length and its bytes")
  func throughTheServer() async throws {
    try await withLiveServer { client in
      let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"
      let created = try await client.send(.post, inbox, json: #"{"title":"one write"}"#)
      #expect(created.status == .created)
      #expect(created.headers[.contentLength] == String(created.body.readableBytes))
      let list = try await client.send(.get, inbox)
      #expect(list.status == .ok)
      #expect(list.headers[.contentLength] == String(list.body.readableBytes))
      #expect(String(buffer: list.body).contains(#""title":"one write""#))
    }
  }
}
