import Diffable
import Testing

@testable import TerminalUI

@Suite("List renderer: first snapshot and status line")
struct ListRendererTests {
  let size = TerminalSize(rows: 5, columns: 20)

  @Test("the first snapshot clears the screen and writes every row, then the status line")
  func firstSnapshot() throws {
    let content = try listContent(
      [("today", "Today", ["milk", "tea"])],
      cells: [
        "milk": Cell("Buy milk", secondaryText: "11/25"),
        "tea": Cell("Tea", accessory: .checkmark),
      ])
    var renderer = ListRenderer<String, String>(size: size)
    let bytes = renderer.draw(content, status: "q quit")
    #expect(
      visible(bytes)
        == "⎋[0m⎋[1;4r⎋[2J"
        + "⎋[1;1H⎋[2K⎋[1mToday⎋[0m"
        + "⎋[2;1H⎋[2K  Buy milk     ⎋[2m11/25⎋[0m"
        + "⎋[3;1H⎋[2K  ⎋[32m✓⎋[0m Tea"
        + "⎋[5;1H⎋[2K⎋[7mq quit              ⎋[0m")
  }

  @Test("outline levels, disclosure and selection are drawn in the row")
  func outlineAndSelection() throws {
    let content = try listContent(
      [("s", nil, ["undone", "walk"])],
      cells: [
        "undone": Cell("Undone", secondaryText: "1", disclosure: .expanded),
        "walk": Cell("Walk", accessory: .circle, level: 1, isSelected: true),
      ])
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    var screen = ScreenEmulator(size: size)
    screen.write(renderer.draw(content, status: "?"))
    #expect(screen.lines == ["  ▾ Undone         1", "›   ○ Walk", "", "", "?"])
  }

  @Test("the status line is rewritten alone, and not at all when it is unchanged")
  func status() throws {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    _ = renderer.draw(try listContent([("s", nil, ["a"])]), status: "one")
    #expect(visible(renderer.setStatus("two")) == "⎋[5;1H⎋[2Ktwo                 ")
    #expect(renderer.setStatus("two").isEmpty)
  }

  @Test("resizing draws everything again at the new size")
  func resize() throws {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    _ = renderer.draw(try listContent([("s", nil, ["a", "b"])]), status: "s")
    let bigger = TerminalSize(rows: 4, columns: 30)
    var screen = ScreenEmulator(size: bigger)
    screen.write(renderer.resize(to: bigger))
    #expect(screen.lines == ["  Item a", "  Item b", "", "s"])
  }
}
