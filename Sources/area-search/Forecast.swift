/// An office's short-range forecast: the texts of the agency's forecast JSON
/// (`https://www.jma.go.jp/bosai/forecast/data/forecast/<code>.json`) for today and the
/// next days, area by area.
struct Forecast: Equatable, Sendable {
  /// The office that published it, such as `"気象庁"`.
  var publishingOffice: String
  /// When it was published, as the agency writes it (`2026-01-05T17:00:00+09:00`).
  var reportDatetime: String
  /// The areas of the office (`東京地方`, `伊豆諸島北部`, …), in the agency's order.
  var areas: [Area]

  /// One area of the forecast and its days.
  struct Area: Equatable, Sendable {
    /// The area's name.
    var name: String
    /// The days, first to last.
    var days: [Day]
  }

  /// What the forecast says of one day in one area.
  struct Day: Equatable, Sendable {
    /// The day (or the start of the period) as the agency writes it.
    var time: String
    /// The weather, such as `"晴れ　夜遅く　くもり"`.
    var weather: String
    /// The wind, when the forecast gives it.
    var wind: String?
    /// The waves, for areas by the sea.
    var wave: String?
  }
}
