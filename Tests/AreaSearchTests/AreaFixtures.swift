@testable import area_search

/// Offices as the agency's area list names them (Sources/area-search/Fixtures/area.json).
extension Area {
  static let ishikari = Area(
    code: "016000", name: "石狩・空知・後志地方", enName: "Ishikari Sorachi Shiribeshi",
    officeName: "札幌管区気象台")
  static let tokyo = Area(code: "130000", name: "東京都", enName: "Tokyo", officeName: "気象庁")
  static let kyoto = Area(
    code: "260000", name: "京都府", enName: "Kyoto", officeName: "京都地方気象台")
  static let osaka = Area(
    code: "270000", name: "大阪府", enName: "Osaka", officeName: "大阪管区気象台")
  static let okinawa = Area(
    code: "471000", name: "沖縄本島地方", enName: "Okinawa Main Island", officeName: "沖縄気象台")

  /// The areas in the order a server might send them: not sorted.
  static let unsorted: [Area] = [.osaka, .tokyo, .okinawa, .ishikari, .kyoto]
  /// The same, sorted by code.
  static let sorted: [Area] = [.ishikari, .tokyo, .kyoto, .osaka, .okinawa]
}

extension Forecast {
  /// A forecast with one area and one day (its texts from the Tokyo snapshot).
  static let tokyo = Forecast(
    publishingOffice: "気象庁", reportDatetime: "2026-01-05T17:00:00+09:00",
    areas: [
      Forecast.Area(
        name: "東京地方",
        days: [
          Forecast.Day(
            time: "2026-01-05T17:00:00+09:00", weather: "晴れ　夜遅く　くもり",
            wind: "北の風　２３区西部　では　北の風　やや強く", wave: "１メートル")
        ])
    ])
}

/// An answer from the agency's server.
func live<Value>(_ value: Value) -> Fetched<Value> { Fetched(value: value) }
