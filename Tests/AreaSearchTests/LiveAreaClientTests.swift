import AsyncHTTPClient
import Foundation
import Testing

@testable import area_search

/// The live client against a local server that serves the agency's documents.
@Suite("Live area client over HTTP")
struct LiveAreaClientTests {
  @Test("it asks the agency's paths and reads the answers; nothing says offline")
  func readsAnswers() async throws {
    let server = try await FixtureHTTPServer(routes: [
      "/bosai/common/const/area.json": (.ok, try AreaClient.fixture(named: "area")),
      "/bosai/forecast/data/forecast/270000.json": (.ok, try AreaClient.fixture(named: "270000")),
    ])
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    let client = AreaClient.live(http: http, base: server.base)
    let areas = try await client.fetchAreas()
    #expect(areas.offlineSnapshot == nil && areas.value.count == 58)
    let forecast = try await client.fetchForecast("270000")
    #expect(forecast.offlineSnapshot == nil)
    #expect(forecast.value.publishingOffice == "大阪管区気象台")
    #expect(
      server.paths == [
        "/bosai/common/const/area.json", "/bosai/forecast/data/forecast/270000.json",
      ])
    try await http.shutdown()
    try await server.shutdown()
  }

  @Test("an error status is an error, not a reason to go offline")
  func errorStatus() async throws {
    let server = try await FixtureHTTPServer(routes: [
      "/bosai/common/const/area.json": (.serviceUnavailable, Data())
    ])
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    let client = AreaClient.automatic(live: .live(http: http, base: server.base))
    await #expect(throws: AreaClientError.server(status: 503)) {
      try await client.fetchAreas()
    }
    await #expect(throws: AreaClientError.server(status: 404)) {
      try await client.fetchForecast("130000")
    }
    try await http.shutdown()
    try await server.shutdown()
  }

  @Test("a document that is not the agency's is an error")
  func malformed() async throws {
    let server = try await FixtureHTTPServer(routes: [
      "/bosai/common/const/area.json": (.ok, Data("<html>".utf8))
    ])
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    await #expect(throws: JMADecoding.Malformed(reason: "no offices in the area list")) {
      try await AreaClient.live(http: http, base: server.base).fetchAreas()
    }
    try await http.shutdown()
    try await server.shutdown()
  }
}
