import Foundation
import Testing

@testable import area_search

@Suite("The agency's JSON: the committed snapshots read as the live client reads them")
struct JMADecodingTests {
  @Test("the offline area list has the agency's 58 offices, sorted by code")
  func areaList() async throws {
    let fetched = try await AreaClient.offline.fetchAreas()
    #expect(fetched.offlineSnapshot == "2026-01-06")
    let areas = fetched.value
    #expect(areas.count == 58)
    #expect(areas.map(\.code) == areas.map(\.code).sorted())
    #expect(
      areas.first == Area(code: "011000", name: "宗谷地方", enName: "Soya", officeName: "稚内地方気象台"))
    #expect(areas.contains(.tokyo) && areas.contains(.osaka))
  }

  @Test("Tokyo's forecast: the office, the report time, four areas of three days")
  func tokyoForecast() async throws {
    let fetched = try await AreaClient.offline.fetchForecast("130000")
    #expect(fetched.offlineSnapshot == "2026-01-05")
    let forecast = fetched.value
    #expect(forecast.publishingOffice == "気象庁")
    #expect(forecast.reportDatetime == "2026-01-05T17:00:00+09:00")
    #expect(forecast.areas.map(\.name) == ["東京地方", "伊豆諸島北部", "伊豆諸島南部", "小笠原諸島"])
    #expect(forecast.areas.allSatisfy { $0.days.count == 3 })
    #expect(forecast.areas[0].days[0] == Forecast.tokyo.areas[0].days[0])
  }

  @Test("Osaka's forecast, from 2023")
  func osakaForecast() async throws {
    let forecast = try await AreaClient.offline.fetchForecast("270000").value
    #expect(forecast.publishingOffice == "大阪管区気象台")
    #expect(forecast.reportDatetime == "2023-01-28T11:00:00+09:00")
    #expect(forecast.areas.map(\.name) == ["大阪府"])
    #expect(
      forecast.areas[0].days.map(\.weather) == ["くもり　時々　 晴れ　所により　夕方　まで　雪か雨", "晴れ", "くもり　時々　晴れ"])
  }

  @Test("an office without a snapshot, or a name that is not a code, fails clearly")
  func noSnapshot() async {
    await #expect(throws: AreaClientError.noSnapshot(code: "016000")) {
      try await AreaClient.offline.fetchForecast("016000")
    }
    await #expect(throws: AreaClientError.noSnapshot(code: "../area")) {
      try await AreaClient.offline.fetchForecast("../area")
    }
  }

  @Test("documents that are not the agency's fail with a reason")
  func malformed() {
    #expect(throws: JMADecoding.Malformed(reason: "no offices in the area list")) {
      try JMADecoding.areas(from: Data("{}".utf8))
    }
    #expect(throws: JMADecoding.Malformed(reason: "not a forecast")) {
      try JMADecoding.forecast(from: Data("{}".utf8))
    }
    #expect(throws: JMADecoding.Malformed(reason: "an empty forecast")) {
      try JMADecoding.forecast(from: Data("[]".utf8))
    }
  }
}
