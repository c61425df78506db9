import Foundation

/// A forecast office's area, as the Japan Meteorological Agency lists them in the `offices`
/// of its area list (`https://www.jma.go.jp/bosai/common/const/area.json`).
struct Area: Equatable, Hashable, Identifiable, Sendable {
  /// The agency's area code, such as `"130000"`; areas are listed in code order.
  var code: String
  /// The Japanese name, such as `"東京都"`.
  var name: String
  /// The English name, such as `"Tokyo"`.
  var enName: String
  /// The office that publishes the area's forecast, such as `"気象庁"`.
  var officeName: String

  var id: String { code }

  /// Whether the area matches the search text: its Japanese name, English name (ignoring
  /// case) or code contains it. Empty text matches every area.
  func matches(_ query: String) -> Bool {
    let query = query.trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else { return true }
    return name.contains(query) || code.contains(query)
      || enName.range(of: query, options: .caseInsensitive) != nil
  }
}
