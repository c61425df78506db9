import Diffable

@testable import TerminalUI

/// Builds list content from `(section, header, items)` triples; each item's cell shows
/// "Item <id>" unless `cells` names another.
func listContent(
  _ sections: [(String, String?, [String])], cells: [String: Cell] = [:]
) throws -> ListContent<String, String> {
  var snapshot = Snapshot<String, String>()
  var headers: [String: String] = [:]
  var allCells: [String: Cell] = [:]
  for (section, header, items) in sections {
    try snapshot.appendSections([section])
    try snapshot.appendItems(items, toSection: section)
    headers[section] = header
    for item in items { allCells[item] = cells[item] ?? Cell("Item \(item)") }
  }
  return ListContent(snapshot: snapshot, headers: headers, cells: allCells)
}

/// The text the bytes write, with the escape character shown as `⎋`.
func visible(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
