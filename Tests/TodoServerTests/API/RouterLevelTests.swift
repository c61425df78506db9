import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoServer

@Suite("Router without a database")
struct RouterLevelTests {
  @Test("/healthz and every data route answer 503 until the database is loaded")
  func unavailable() async throws {
    let app = Application(router: buildRouter(state: ServerState()))
    try await app.test(.router) { client in
      try expectProblem(try await client.send(.get, "/healthz"), .serviceUnavailable)
      let lists = try await client.send(.get, "/api/v1/lists")
      try expectProblem(lists, .serviceUnavailable)
      #expect(lists.headers[.retryAfter] == "1")
      try expectProblem(try await client.send(.get, "/todos"), .serviceUnavailable)
      let document = try await client.send(.get, "/api/v1/openapi.json")
      #expect(document.status == .ok)
    }
  }

  @Test("a declared Content-Length over 1 MB is refused before the body is read")
  func declaredLength() async throws {
    let app = Application(router: buildRouter(state: ServerState()))
    try await app.test(.router) { client in
      let response = try await client.send(
        .post, "/api/v1/lists", json: #"{"name":"x"}"#,
        headers: [.contentType: "application/json", .contentLength: "2000000"])
      try expectProblem(response, .contentTooLarge)
      let negative = try await client.send(
        .post, "/api/v1/lists", json: #"{"name":"x"}"#,
        headers: [.contentType: "application/json", .contentLength: "-1"])
      try expectProblem(negative, .badRequest)
    }
  }
}
