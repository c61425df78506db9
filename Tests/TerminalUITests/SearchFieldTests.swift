import Diffable
import Testing

@testable import TerminalUI

@Suite("Search field: the line above the list")
struct SearchFieldTests {
  let size = TerminalSize(rows: 6, columns: 30)

  @Test("an empty field shows its placeholder dim; text shows with a clear button")
  func line() {
    let empty = SearchField(placeholder: "都道府県を検索")
    #expect(empty.line(width: 30).encoded(usesColor: true) == "⌕ \u{1B}[2m都道府県を検索\u{1B}[0m")
    #expect(!empty.showsClearButton)
    let typed = SearchField(placeholder: "都道府県を検索", field: TextFieldState("北海"))
    #expect(
      typed.line(width: 30).encoded(usesColor: false) == "⌕ 北海" + String(repeating: " ", count: 22)
        + " ✕")
    #expect(typed.showsClearButton)
  }

  @Test("a focused field shows its cursor as a reversed cell, on a wide character too")
  func cursor() {
    var field = SearchField(placeholder: "p", field: TextFieldState("東京"), isFocused: true)
    #expect(
      field.line(width: 12).encoded(usesColor: true)
        == "⌕ \u{1B}[1m東京\u{1B}[0m\u{1B}[1;7m \u{1B}[0m   \u{1B}[1m ✕\u{1B}[0m")
    field.field.handle(.left)
    #expect(
      field.line(width: 12).encoded(usesColor: true)
        == "⌕ \u{1B}[1m東\u{1B}[0m\u{1B}[1;7m京\u{1B}[0m    \u{1B}[1m ✕\u{1B}[0m")
    field.field.setText("")
    #expect(
      field.line(width: 12).encoded(usesColor: true) == "⌕ \u{1B}[7m \u{1B}[0m\u{1B}[2mp\u{1B}[0m")
  }

  @Test("text wider than the field scrolls to keep the cursor in view")
  func scrolling() {
    let field = SearchField(
      placeholder: "", field: TextFieldState("abcdefghij"), isFocused: true)
    #expect(field.line(width: 10).encoded(usesColor: false) == "⌕ fghij  ✕")
  }

  @Test("a disabled field shows only its placeholder, whatever it holds, and no clear button")
  func disabled() {
    let field = SearchField(
      placeholder: "使用不可", field: TextFieldState("北"), isEnabled: false, isFocused: true)
    #expect(field.line(width: 30).encoded(usesColor: true) == "\u{1B}[2m⌕ 使用不可\u{1B}[0m")
    #expect(!field.showsClearButton)
  }

  @Test("adding the field moves the list down a line; a change rewrites its line alone")
  func inRenderer() throws {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    var screen = ScreenEmulator(size: size)
    screen.write(
      renderer.draw(try listContent([("s", nil, ["a", "b", "c", "d", "e"])]), status: "s"))
    #expect(renderer.visibleHeight == 5)
    var field = SearchField(placeholder: "都道府県を検索")
    let added = renderer.setSearchField(field)
    screen.write(added)
    #expect(visible(added).hasPrefix("⎋[2;5r⎋[2J⎋[1;1H⎋[2K⌕ 都道府県を検索"))
    #expect(renderer.visibleHeight == 4)
    #expect(screen.lines == ["⌕ 都道府県を検索", "  Item a", "  Item b", "  Item c", "  Item d", "s"])

    field.field.insert("北")
    let typed = renderer.setSearchField(field)
    #expect(visible(typed) == "⎋[1;1H⎋[2K⌕ 北" + String(repeating: " ", count: 24) + " ✕")
    #expect(renderer.setSearchField(field).isEmpty)

    // Rows deleted and inserted under the field stay below it.
    screen.write(typed)
    screen.write(renderer.update(to: try listContent([("s", nil, ["b", "x", "c"])])))
    #expect(
      screen.lines == [
        "⌕ 北                         ✕", "  Item b", "  Item x", "  Item c", "", "s",
      ])

    let removed = renderer.setSearchField(nil)
    screen.write(removed)
    #expect(screen.lines == ["  Item b", "  Item x", "  Item c", "", "", "s"])
  }
}
