import Diffable
import Testing

@testable import TerminalUI

/// Ten items `a`...`j` in one section without a header, five visible lines, no colours:
/// each test applies one change and checks every byte written.
@Suite("List renderer: staged changes rewrite only the rows they touch")
struct ListRendererChangeTests {
  static let items = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
  let size = TerminalSize(rows: 6, columns: 20)

  private func renderer() throws -> ListRenderer<String, String> {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    _ = renderer.draw(try listContent([("s", nil, Self.items)]), status: "")
    return renderer
  }

  private func changed(_ items: [String], cells: [String: Cell] = [:]) throws
    -> ListContent<String, String>
  {
    try listContent([("s", nil, items)], cells: cells)
  }

  @Test("an update rewrites its row and nothing else")
  func update() throws {
    var renderer = try renderer()
    let bytes = renderer.update(to: try changed(Self.items, cells: ["b": Cell("Bread")]))
    #expect(visible(bytes) == "⎋[2;1H⎋[2K  Bread")
  }

  @Test("a change to a row out of view writes nothing")
  func unrelatedChange() throws {
    var renderer = try renderer()
    #expect(renderer.update(to: try changed(Self.items, cells: ["h": Cell("Hidden")])).isEmpty)
    var items = Self.items
    items.remove(at: 8)
    #expect(renderer.update(to: try changed(items, cells: ["h": Cell("Hidden")])).isEmpty)
  }

  @Test("a delete removes its line; only the row that scrolls into view is written")
  func delete() throws {
    var renderer = try renderer()
    var items = Self.items
    items.remove(at: 1)
    let bytes = renderer.update(to: try changed(items))
    #expect(visible(bytes) == "⎋[2;1H⎋[M⎋[5;1H⎋[2K  Item f")
  }

  @Test("an insert opens a line for its row and writes only that row")
  func insert() throws {
    var renderer = try renderer()
    var items = Self.items
    items.insert("x", at: 1)
    let bytes = renderer.update(to: try changed(items))
    #expect(visible(bytes) == "⎋[2;1H⎋[L⎋[2;1H⎋[2K  Item x")
  }

  @Test("a move takes its line out and puts it back, writing only the moved row")
  func move() throws {
    var renderer = try renderer()
    let bytes = renderer.update(to: try changed(["b", "c", "a"] + Self.items.dropFirst(3)))
    #expect(visible(bytes) == "⎋[1;1H⎋[M⎋[3;1H⎋[L⎋[3;1H⎋[2K  Item a")
  }

  @Test("a change above the window shifts the window and writes nothing")
  func changeAboveWindow() throws {
    var renderer = try renderer()
    _ = renderer.scroll(toTop: 3)
    #expect(renderer.update(to: try changed(Array(Self.items.dropFirst()))).isEmpty)
    #expect(renderer.top == 2)
    #expect(renderer.update(to: try changed(["z"] + Self.items.dropFirst())).isEmpty)
    #expect(renderer.top == 3)
  }

  @Test("a new section header changes the header row alone")
  func headerChange() throws {
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    _ = renderer.draw(try listContent([("s", "Old", ["a"]), ("t", "Other", ["b"])]))
    let bytes = renderer.update(to: try listContent([("s", "New", ["a"]), ("t", "Other", ["b"])]))
    #expect(visible(bytes) == "⎋[1;1H⎋[2KNew")
  }

  @Test("scrolling rewrites the lines whose row changes")
  func scroll() throws {
    var renderer = try renderer()
    var screen = ScreenEmulator(size: size)
    screen.write(renderer.resize(to: size))
    screen.write(renderer.reveal("g"))
    #expect(renderer.top == 2)
    #expect(screen.lines.prefix(5) == ["  Item c", "  Item d", "  Item e", "  Item f", "  Item g"])
    #expect(renderer.reveal("e").isEmpty)
  }
}
