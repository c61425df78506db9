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
}
