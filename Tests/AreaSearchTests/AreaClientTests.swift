import AsyncHTTPClient
import Composable
import Foundation
import Testing

@testable import area_search

@Suite("Area clients: the live one, and falling back to the snapshot")
struct AreaClientTests {
  @Test("when the network cannot be reached, the snapshot answers, and goes on answering")
  func fallsBack() async throws {
    let calls = LockIsolated(0)
    let live = AreaClient(
      fetchAreas: {
        calls.withValue { $0 += 1 }
        throw URLError(.notConnectedToInternet)
      },
      fetchForecast: { _ in
        calls.withValue { $0 += 1 }
        throw URLError(.notConnectedToInternet)
      })
    let client = AreaClient.automatic(live: live)
    let areas = try await client.fetchAreas()
    #expect(areas.offlineSnapshot == "2026-01-06" && areas.value.count == 58)
    let forecast = try await client.fetchForecast("130000")
    #expect(forecast.offlineSnapshot == "2026-01-05")
    #expect(calls.value == 1)
  }

  @Test("an answer from the server, even an error, is not replaced by the snapshot")
  func answersAreKept() async throws {
    let live = AreaClient(
      fetchAreas: { throw AreaClientError.server(status: 503) },
      fetchForecast: { _ in Fetched(value: .tokyo) })
    let client = AreaClient.automatic(live: live)
    await #expect(throws: AreaClientError.server(status: 503)) {
      try await client.fetchAreas()
    }
    #expect(try await client.fetchForecast("016000") == Fetched(value: .tokyo))
  }

  @Test("the live client over HTTP: a server that refuses the connection is unreachable")
  func liveRefused() async throws {
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    // Port 9 (discard) on the loopback address: nothing listens there.
    let client = AreaClient.live(
      http: http, base: URL(string: "http://127.0.0.1:9")!, timeout: .seconds(1))
    do {
      _ = try await client.fetchAreas()
      Issue.record("a refused connection answered")
    } catch {
      #expect(AreaClient.isUnreachable(error), "\(error)")
    }
    let automatic = try await AreaClient.automatic(live: client).fetchAreas()
    #expect(automatic.offlineSnapshot == "2026-01-06")
    try await http.shutdown()
  }
}
