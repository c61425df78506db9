import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore

@testable import TodoServer

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

  @Test(
    "what counts as a JSON content type",
    arguments: [
      ("application/json", true), ("Application/JSON", true), ("application/json;", true),
      ("  application/json ; charset=utf-8", true), ("\tapplication/json\t", true),
      ("application/merge-patch+json", true), ("APPLICATION/PROBLEM+JSON; q=1", true),
      ("application/jsonx", false), ("application/json-seq", false), ("text/json", false),
      ("text/plain", false), ("application/", false), ("application/+json", false),
      ("application/x+jsonp", false), ("", false), (";application/json", false),
      ("application/xml+json5", false), ("appl ication/json", false),
    ])
  func jsonContentTypes(value: String, isJSON: Bool) {
    #expect(ContentTypeMiddleware<TodoRequestContext>.isJSON(value) == isJSON, "\(value)")
  }

  @Test("404 for unknown routes and identifiers, 405 for a method a path does not answer")
  func notFound() async throws {
    try await withLiveServer { client in
      try expectProblem(try await client.send(.get, "/api/v1/nothing"), .notFound)
      try expectProblem(try await client.send(.put, "/api/v1/lists"), .methodNotAllowed)
      try expectProblem(try await client.send(.get, "/api/v1/todos/\(UUID())"), .notFound)
      try expectProblem(try await client.send(.get, "/api/v1/todos/12"), .notFound)
    }
  }

  @Test("Origins: another site gets 403 and no CORS header; an allowed origin gets its own")
  func origins() async throws {
    try await withLiveServer(allowedOrigins: ["https://app.example.test"]) { client in
      let foreign = try await client.send(
        .get, "/api/v1/lists", headers: [.origin: "http://evil.test"])
      try expectProblem(foreign, .forbidden)
      #expect(foreign.headers[.accessControlAllowOrigin] == nil)
      let preflight = try await client.send(
        .options, "/api/v1/lists",
        headers: [.origin: "http://evil.test", .accessControlRequestMethod: "POST"])
      #expect(preflight.status == .forbidden)
      #expect(preflight.headers[.accessControlAllowOrigin] == nil)
      #expect(preflight.headers[.accessControlAllowMethods] == nil)
      let backend = try await client.send(
        .options, "/todos",
        headers: [.origin: "http://evil.test", .accessControlRequestMethod: "POST"])
      #expect(backend.status == .forbidden, "without --todo-backend-cors /todos is closed too")

      let allowed = try await client.send(
        .options, "/api/v1/lists",
        headers: [.origin: "https://app.example.test", .accessControlRequestMethod: "POST"])
      #expect(allowed.status == .noContent)
      #expect(allowed.headers[.accessControlAllowOrigin] == "https://app.example.test")
      #expect(allowed.headers[.vary] == "Origin")
      let read = try await client.send(
        .get, "/api/v1/lists", headers: [.origin: "https://app.example.test"])
      #expect(read.status == .ok)
      #expect(read.headers[.accessControlAllowOrigin] == "https://app.example.test")

      let own = try await client.send(
        .get, "/api/v1/lists", headers: [.origin: "http://localhost:\(client.port ?? 0)"])
      #expect(own.status == .ok)
      #expect(own.headers[.accessControlAllowOrigin] == nil, "same-origin needs no CORS")
    }
  }

  @Test("Cross-site writes are refused; only JSON bodies change state")
  func crossSiteWrites() async throws {
    try await withLiveServer { client in
      let before = try await client.send(.get, "/api/v1/lists").decode([TodoList].self)
      let site = try await client.send(
        .post, "/api/v1/lists", json: #"{"name":"Evil"}"#, headers: [.fetchSite: "cross-site"])
      try expectProblem(site, .forbidden)
      let sameSite = try await client.send(
        .delete, "/api/v1/trash", headers: [.fetchSite: "same-site"])
      try expectProblem(sameSite, .forbidden)
      let form = try await client.execute(
        uri: "/api/v1/lists", method: .post,
        headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "name=Evil"))
      try expectProblem(form, .unsupportedMediaType)
      let text = try await client.execute(
        uri: "/api/v1/lists", method: .post, headers: [.contentType: "text/plain"],
        body: ByteBuffer(string: #"{"name":"Evil"}"#))
      try expectProblem(text, .unsupportedMediaType)
      #expect(try await client.send(.get, "/api/v1/lists").decode([TodoList].self) == before)
      let sameOrigin = try await client.send(
        .post, "/api/v1/lists", json: #"{"name":"Mine"}"#,
        headers: [.fetchSite: "same-origin"])
      #expect(sameOrigin.status == .created)
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

extension HTTPField.Name {
  /// `Sec-Fetch-Site`, which browsers send with every request.
  static var fetchSite: Self { .init("Sec-Fetch-Site")! }
}
