import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore

@testable import TodoServer

#if canImport(Glibc)
  import Glibc
#endif

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
      Date(timeIntervalSince1970: -1),  // 1969-12-31T23:59:59Z
      Date(timeIntervalSince1970: -0.25),  // rounds down, to the same second
      Date(timeIntervalSince1970: -2_203_891_200),  // 1900-03-01, after a century's no leap day
      Date(timeIntervalSince1970: 4_107_456_000),  // 2100-02-28
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

  @Test("the civil date arithmetic agrees with the C library's gmtime_r from year 1 to 9999")
  func agreesWithGmtime() {
    var generator = SystemRandomNumberGenerator()
    let first: Int64 = -62_135_596_800  // 0001-01-01T00:00:00Z
    let last: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
    var seconds = (0..<5_000).map { _ in Int64.random(in: first...last, using: &generator) }
    seconds += [first, last, 0, -1, 86_399, 86_400, -86_400, -86_401]
    for second in seconds {
      var time = time_t(second)
      var parts = tm()
      gmtime_r(&time, &parts)
      let expected =
        String(
          format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1,
          parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
      #expect(
        TimestampFormat.string(Date(timeIntervalSince1970: Double(second))) == expected,
        "second \(second)")
    }
  }

  @Test("years beyond four digits are written in ISO 8601's expanded form")
  func expandedYears() {
    let year10000 = Date(timeIntervalSince1970: 253_402_300_800)
    #expect(TimestampFormat.string(year10000) == "+10000-01-01T00:00:00Z")
    let yearZero = Date(timeIntervalSince1970: -62_135_596_801)
    #expect(TimestampFormat.string(yearZero) == "0000-12-31T23:59:59Z")
    let yearMinusOne = Date(timeIntervalSince1970: -62_198_755_200)
    #expect(TimestampFormat.string(yearMinusOne) == "-0001-01-01T00:00:00Z")
  }
}
