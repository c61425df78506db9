import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoServer

@Suite("API errors and CORS", .serialized)
struct ErrorsAPITests {
  static let inbox = "/api/v1/lists/\(TodoList.inboxID)/todos"

  @Test("400 for malformed or missing JSON")
  func malformed() async throws {
    try await withLiveServer { client in
      try expectProblem(try await client.send(.post, Self.inbox, json: #"{"title":"#), .badRequest)
      try expectProblem(try await client.send(.post, Self.inbox, json: "not json"), .badRequest)
      try expectProblem(
        try await client.send(.post, Self.inbox, headers: [.contentType: "application/json"]),
        .badRequest)
    }
  }

  @Test("413 for a body over 1 MB")
  func tooLarge() async throws {
    try await withLiveServer { client in
      let big = #"{"title":"x","notes":""# + String(repeating: "n", count: 1_100_000) + #""}"#
      try expectProblem(try await client.send(.post, Self.inbox, json: big), .contentTooLarge)
    }
  }

  @Test("415 for a body that is not JSON; +json types and charsets are accepted")
  func mediaType() async throws {
    try await withLiveServer { client in
      try expectProblem(
        try await client.send(
          .post, Self.inbox, json: #"{"title":"x"}"#, headers: [.contentType: "text/plain"]),
        .unsupportedMediaType)
      try expectProblem(
        try await client.execute(
          uri: Self.inbox, method: .post, body: ByteBuffer(string: #"{"title":"x"}"#)),
        .unsupportedMediaType)
      let charset = try await client.send(
        .post, Self.inbox, json: #"{"title":"x"}"#,
        headers: [.contentType: "application/json; charset=utf-8"])
      #expect(charset.status == .created)
      let merge = try await client.send(
        .post, Self.inbox, json: #"{"title":"y"}"#,
        headers: [.contentType: "application/merge-patch+json"])
      #expect(merge.status == .created)
    }
  }

  @Test("404 problems for unknown routes, methods and identifiers")
  func notFound() async throws {
    try await withLiveServer { client in
      try expectProblem(try await client.send(.get, "/api/v1/nothing"), .notFound)
      try expectProblem(try await client.send(.put, "/api/v1/lists"), .notFound)
      try expectProblem(try await client.send(.get, "/api/v1/todos/\(UUID())"), .notFound)
      try expectProblem(try await client.send(.get, "/api/v1/todos/12"), .notFound)
    }
  }

  @Test("CORS: every response allows any origin; any OPTIONS preflight answers 204")
  func cors() async throws {
    try await withLiveServer { client in
      let preflight = try await client.send(
        .options, "/todos",
        headers: [
          .origin: "http://example.test", .accessControlRequestMethod: "PATCH",
          .accessControlRequestHeaders: "content-type",
        ])
      #expect(preflight.status == .noContent)
      #expect(preflight.headers[.accessControlAllowOrigin] == "*")
      #expect(preflight.headers[.accessControlAllowMethods]?.contains("PATCH") == true)
      #expect(preflight.headers[.accessControlAllowHeaders] == "content-type")
      let deep = try await client.send(.options, "/api/v1/todos/\(UUID())/move")
      #expect(deep.status == .noContent)
      let ok = try await client.send(.get, "/api/v1/lists")
      #expect(ok.headers[.accessControlAllowOrigin] == "*")
    }
  }

  @Test("garbage in every field never produces a 500")
  func never500() async throws {
    try await withLiveServer { client in
      let todo = try await client.send(.post, Self.inbox, json: #"{"title":"x"}"#)
        .decode(Todo.self)
      let bodies = [
        "[]", "null", "1", #""x""#, #"{"title":null}"#, #"{"title":{"a":1}}"#,
        #"{"version":"one"}"#, #"{"deadline":12}"#, #"{"listID":"nope"}"#, #"{"to":5}"#,
        "{\"title\":\"\u{0}\"}", #"{"before":"x"}"#,
      ]
      let targets: [(HTTPRequest.Method, String)] = [
        (.post, Self.inbox), (.patch, "/api/v1/todos/\(todo.id)"),
        (.post, "/api/v1/todos/\(todo.id)/move"), (.post, "/api/v1/lists"),
        (.post, "/api/v1/import"), (.post, "/todos"), (.patch, "/todos/\(todo.id)"),
      ]
      for (method, uri) in targets {
        for body in bodies {
          let response = try await client.send(method, uri, json: body)
          #expect(response.status.code < 500, "\(method) \(uri) \(body): \(response.text)")
        }
      }
    }
  }
}
