import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TodoServer

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

@Suite("Timestamps")
struct TimestampTests {
  @Test("API timestamps are ISO 8601 in UTC and read back by Foundation's decoder")
  func iso8601() throws {
    let dates = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_767_225_600.75),
      Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
      Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
    ]
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    for date in dates {
      let expected = try JSONDecoder().decode([String].self, from: encoder.encode([date]))[0]
      let ours = TimestampFormat.string(date)
      #expect(ours == expected)
      let back = try decoder.decode([Date].self, from: Data(#"["\#(ours)"]"#.utf8))[0]
      #expect(back == Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
  }
}
