import Diffable
import Foundation
import TerminalUI
import Testing
import TodoCore

@testable import todo

/// The live page's snapshot as the terminal's list: the same sections, items and headers,
/// and a cell for each item with its status glyph and colours.
@Suite("todo tui: PageSnapshot → ListContent")
struct TuiMappingTests {
  @Test("the items and sections are the page's; each status has its glyph, overdue is red")
  func plainCells() throws {
    let page = try TuiPages.page()
    let content = PageListContent.content(
      of: page, selection: TuiPages.report.uuidString)
    #expect(content.snapshot == page.items)
    let cell = { (id: UUID) in try #require(content.cells[id.uuidString]) }

    let milk = try cell(TuiPages.milk)
    #expect(milk.text == "Buy milk")
    #expect(milk.accessory == Cell.Accessory("○"))
    #expect(milk.style == .plain)
    #expect(!milk.isSelected)

    let report = try cell(TuiPages.report)
    #expect(report.accessory == Cell.Accessory("◐", color: .yellow))
    #expect(report.isSelected, "the selection is drawn on its row only")

    let tax = try cell(TuiPages.tax)
    #expect(tax.accessory == Cell.Accessory("○"))
    #expect(tax.style.color == .red, "an overdue todo is red")
    #expect(tax.secondaryText == "1 Jan 2001", "the page's label of the deadline")
    #expect(tax.secondaryStyle.color == .red)

    let pears = try cell(TuiPages.pears)
    #expect(pears.accessory == Cell.Accessory("✓", color: .green))
    #expect(pears.style.isStruck && pears.style.isDim, "a done todo is struck through")
    #expect(content.cells.values.count { $0.isSelected } == 1)
  }

  @Test("a todo not started yet or put aside is dim, and says why; a repeat says how")
  func deferredAndRepeating() throws {
    func cell(_ json: String) throws -> LiveCell {
      try JSONDecoder().decode(LiveCell.self, from: Data(json.utf8))
    }
    let later = try cell(
      #"{"kind":"todo","title":"Plan the trip","detail":"Starts Friday","overdue":false,"status":"notStarted","level":0,"deferred":true}"#
    )
    #expect(PageListContent.cell(later, isSelected: false).style.isDim)
    let now = try cell(
      #"{"kind":"todo","title":"Plan the trip","overdue":false,"status":"notStarted","level":0}"#)
    #expect(PageListContent.cell(now, isSelected: false).style == .plain)
    let weekly = try cell(
      #"{"kind":"todo","title":"Call mum","detail":"Monday 09:00","overdue":false,"status":"notStarted","level":0,"repeats":"every Monday"}"#
    )
    #expect(
      PageListContent.cell(weekly, isSelected: false).secondaryText
        == "Monday 09:00 · ↻ every Monday")
    // A subtask away from its parent names it first.
    let subtask = try cell(
      #"{"kind":"todo","title":"Pack","detail":"Today","overdue":false,"status":"notStarted","level":0,"parent":"Trip"}"#
    )
    #expect(PageListContent.cell(subtask, isSelected: false).secondaryText == "↳ Trip · Today")
  }

  @Test("outline: Undone and Done parents with disclosure and count, todos one level in")
  func outline() throws {
    var state = try TuiPages.state(layout: .outline)
    state.list.collapsed = [PageSnapshot.doneGroup]
    let page = PageSnapshot(state)
    let content = PageListContent.content(of: page, selection: nil)
    #expect(content.snapshot == page.items)
    let undone = try #require(content.cells[PageSnapshot.undoneGroup])
    #expect(undone.text == "Undone")
    #expect(undone.secondaryText == "3")
    #expect(undone.disclosure == .expanded)
    #expect(undone.accessory == nil)
    let done = try #require(content.cells[PageSnapshot.doneGroup])
    #expect(done.disclosure == .collapsed)
    #expect(content.snapshot.itemIdentifiers.contains(TuiPages.pears.uuidString) == false)
    #expect(content.cells[TuiPages.milk.uuidString]?.level == 1)
  }

  @Test("sections: the page's headers")
  func sections() throws {
    let page = try TuiPages.page(layout: .sectioned)
    let content = PageListContent.content(of: page, selection: nil)
    #expect(content.snapshot.sectionIdentifiers == page.items.sectionIdentifiers)
    #expect(
      content.snapshot.sectionIdentifiers.compactMap { content.headers[$0] } == [
        "Home", "Work", "No section",
      ])
  }

  @Test("an empty list and a search that matches nothing say so in a header row")
  func empty() throws {
    var state = try TuiPages.state()
    state.search.text = "zebra"
    let searched = PageListContent.content(of: PageSnapshot(state), selection: nil)
    #expect(searched.headers[PageListContent.emptySection] == "Nothing matches “zebra”.")
    state.search.text = ""
    state.data.todos = []
    let empty = PageListContent.content(of: PageSnapshot(state), selection: nil)
    #expect(
      empty.headers[PageListContent.emptySection] == "No todos here yet: press n to add one.")
  }

  @Test("the key line, the delete dialog, the undo message, a problem")
  func keyLineAndDialog() throws {
    var state = try TuiPages.state()
    let screen = TuiScreen()
    let list = screen.frame(of: PageSnapshot(state))
    #expect(list.keyLine == KeyLine(TuiKeyHelp.line, message: "Inbox · 3 items left"))
    #expect(list.overlay == nil && list.searchField == nil)
    state.trash.confirmDelete = TuiPages.milk
    let asking = screen.frame(of: PageSnapshot(state))
    #expect(
      asking.overlay
        == .dialog(
          Dialog(
            title: "Delete", message: "Move “Buy milk” to the trash?",
            buttons: ["Delete", "Cancel"])))
    #expect(asking.keyLine == KeyLine([KeyHint("y", "delete"), KeyHint("n", "keep")]))
    state.trash.confirmDelete = nil
    state.trash.undo = [state.data.todos[0]]
    #expect(
      screen.frame(of: PageSnapshot(state)).keyLine
        == KeyLine(
          [KeyHint("u", "undo"), KeyHint("Esc", "dismiss")], message: "Deleted “Buy milk”"))
    state.trash.undo = []
    state.problem = "That todo no longer exists."
    #expect(
      screen.frame(of: PageSnapshot(state)).keyLine.message == "! That todo no longer exists.")
    state.problem = nil
    state.search.text = "milk"
    #expect(
      screen.frame(of: PageSnapshot(state)).searchField
        == SearchField(placeholder: "Search", field: TextFieldState("milk")),
      "a search shows its field above the list")
  }

  @Test("a todo changed elsewhere rewrites its row alone, without clearing the screen")
  func liveChangeRedrawsOneRow() throws {
    var state = try TuiPages.state()
    var screen = TuiScreen()
    screen.follow(PageSnapshot(state))
    var renderer = ListRenderer<String, String>(
      size: TerminalSize(rows: 10, columns: 60), environment: ["NO_COLOR": "1"])
    _ = renderer.draw(screen.frame(of: PageSnapshot(state)).content)
    state.data.todos[2].status = .done
    let page = PageSnapshot(state)
    screen.follow(page)
    let bytes = String(decoding: renderer.update(to: screen.frame(of: page).content), as: UTF8.self)
    #expect(bytes.hasPrefix("\u{1B}[3;1H\u{1B}[2K  ✓ Pay tax"), "its row, the third")
    #expect(
      !bytes.contains("Buy milk") && !bytes.contains("Write report") && !bytes.contains("Pears"))
    #expect(!bytes.contains("\u{1B}[2J"), "no full redraw")
  }
}
