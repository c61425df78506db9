import Foundation
import HummingbirdWSClient
import Logging
import Testing

/// A test's side of one live page: reads the server's messages as JSON objects and sends
/// events.
struct LivePageClient {
  var messages: WebSocketInboundMessageStream.AsyncIterator
  let outbound: WebSocketOutboundWriter

  /// The next message as a JSON object.
  mutating func next() async throws -> [String: Any] {
    guard let message = try await messages.next() else {
      Issue.record("the server closed the page")
      return [:]
    }
    guard case .text(let text) = message else {
      Issue.record("the server sent a binary message")
      return [:]
    }
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Sends an event (its version added) or a raw text.
  func send(_ fields: [String: Any]) async throws {
    var fields = fields
    fields["v"] = 1
    let data = try JSONSerialization.data(withJSONObject: fields)
    try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
  }

  func sendRaw(_ text: String) async throws {
    try await outbound.write(.text(text))
  }
}

/// Opens a live page on the server at `port` (at `path`, with its query) and runs `body`
/// with it.
func withLivePage(
  port: Int, path: String = "/live",
  _ body: @escaping @Sendable (inout LivePageClient) async throws -> Void
) async throws {
  var logger = Logger(label: "todo.live.tests")
  logger.logLevel = .warning
  try await WebSocketClient.connect(
    url: "ws://127.0.0.1:\(port)\(path)",
    configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24), logger: logger
  ) { inbound, outbound, _ in
    var page = LivePageClient(
      messages: inbound.messages(maxSize: 1 << 24).makeAsyncIterator(), outbound: outbound)
    try await body(&page)
    try await outbound.close(.normalClosure, reason: nil)
  }
}

extension Dictionary where Key == String, Value == Any {
  /// The identifiers of the items inserted by a changes message.
  var insertedIDs: [String] {
    let stages = self["stages"] as? [[String: Any]] ?? []
    return stages.flatMap {
      ($0["itemInserted"] as? [[Any]] ?? []).compactMap { $0.last as? String }
    }
  }
}
