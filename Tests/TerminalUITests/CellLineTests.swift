import Testing

@testable import TerminalUI

@Suite("Cells cut to the width by display width")
struct CellLineTests {
  private func line(_ cell: Cell, width: Int) -> String {
    cell.line(width: width).encoded(usesColor: false)
  }

  @Test("wide text is cut with an ellipsis and never split")
  func cjk() {
    #expect(line(Cell("牛乳を買うと卵も"), width: 12) == "  牛乳を買…")
    #expect(line(Cell("牛乳を買うと卵も"), width: 13) == "  牛乳を買う…")
    #expect(line(Cell("🍐🍐🍐🍐🍐🍐"), width: 11) == "  🍐🍐🍐🍐…")
    #expect(line(Cell("👩‍👩‍👧 family"), width: 20) == "  👩‍👩‍👧 family")
  }

  @Test("the secondary text keeps the right edge and gives up room when both do not fit")
  func secondary() {
    #expect(line(Cell("東京都", secondaryText: "11/25"), width: 16) == "  東京都   11/25")
    #expect(
      line(Cell("北海道の天気予報を見る", secondaryText: "2026/11/25"), width: 20)
        == "  北海道…  2026/11/…")
  }

  @Test("no row is wider than the terminal, even when the prefix does not fit")
  func neverWider() {
    let cell = Cell("予報", secondaryText: "晴れ", accessory: .checkmark, level: 3)
    for width in 0...16 {
      #expect(cell.line(width: width).width <= width, "width \(width)")
    }
  }
}

@Suite("NO_COLOR")
struct NoColorTests {
  private func draw(environment: [String: String]) throws -> String {
    var renderer = ListRenderer<String, String>(
      size: TerminalSize(rows: 4, columns: 20), environment: environment)
    let content = try listContent(
      [("s", "Header", ["a"])],
      cells: ["a": Cell("Done", secondaryText: "1", accessory: .checkmark, isSelected: true)])
    return String(decoding: renderer.draw(content, status: "keys"), as: UTF8.self)
  }

  private func hasSGR(_ text: String) -> Bool {
    text.contains(/\x{1B}\[[0-9;]*m/)
  }

  @Test("a non-empty NO_COLOR drops every SGR sequence, and keeps the text")
  func dropsSGR() throws {
    let plain = try draw(environment: ["NO_COLOR": "1"])
    #expect(!hasSGR(plain))
    #expect(plain.contains("› ✓ Done"))
    #expect(plain.contains("Header"))
  }

  @Test("without NO_COLOR, or with it empty, styles are written")
  func keepsSGR() throws {
    #expect(hasSGR(try draw(environment: [:])))
    #expect(hasSGR(try draw(environment: ["NO_COLOR": ""])))
  }
}
