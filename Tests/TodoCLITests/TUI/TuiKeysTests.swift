import Foundation
import TerminalUI
import Testing
import TodoCore

@testable import todo

/// Keys of `todo tui` and the `LivePage` actions they send.
@Suite("todo tui: keys → LivePage actions")
struct TuiKeysTests {
  /// A screen following `page` with `id` selected.
  func screen(_ page: PageSnapshot, selecting id: UUID? = nil) -> TuiScreen {
    var screen = TuiScreen()
    screen.selection = id?.uuidString
    screen.follow(page)
    return screen
  }

  /// Presses `keys` in order, collecting the actions.
  func press(_ keys: [Key], on screen: inout TuiScreen, page: PageSnapshot) -> [LivePage.Action] {
    keys.flatMap { screen.handle($0, page: page).actions }
  }

  @Test("the arrows move the selection; space and x toggle, s cycles the status")
  func toggleAndStatus() throws {
    let page = try TuiPages.page()
    var screen = screen(page)
    #expect(screen.selection == TuiPages.milk.uuidString, "the first row is selected")
    #expect(screen.handle(.character("x"), page: page).actions == [.toggle(TuiPages.milk)])
    _ = screen.handle(.down, page: page)
    #expect(screen.selection == TuiPages.report.uuidString)
    #expect(screen.handle(.character(" "), page: page).actions == [.toggle(TuiPages.report)])
    #expect(
      screen.handle(.character("s"), page: page).actions == [.setStatus(TuiPages.report, .done)])
    _ = screen.handle(.end, page: page)
    #expect(
      screen.handle(.character("s"), page: page).actions == [
        .setStatus(TuiPages.pears, .notStarted)
      ])
    _ = screen.handle(.up, page: page)
    #expect(screen.selection == TuiPages.tax.uuidString)
  }

  @Test("n opens the new-todo line: each key reads the text for a date, Enter adds, Esc drops")
  func add() throws {
    let page = try TuiPages.page()
    var screen = screen(page)
    let typed = press(
      [.character("n"), .character("A"), .character("b"), .backspace, .character("x"), .enter],
      on: &screen, page: page)
    #expect(typed == [.typeNew("A"), .typeNew("Ab"), .typeNew("A"), .typeNew("Ax"), .add("Ax")])
    #expect(screen.mode == .list)
    let dropped = press([.character("a"), .character("z"), .escape], on: &screen, page: page)
    #expect(dropped == [.typeNew("z"), .typeNew("")])
    #expect(screen.mode == .list)
  }

  @Test("d asks LivePage to confirm; then only y/Enter delete and n/Esc keep; u undoes")
  func deleteAndUndo() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    #expect(
      screen.handle(.character("d"), page: PageSnapshot(state)).actions == [
        .requestDelete(TuiPages.tax)
      ])
    state.confirmDelete = TuiPages.tax
    let asking = PageSnapshot(state)
    #expect(screen.handle(.character("x"), page: asking).actions == [], "other keys wait")
    #expect(screen.handle(.character("q"), page: asking) == TuiScreen.Command())
    #expect(screen.handle(.character("n"), page: asking).actions == [.cancelDelete])
    #expect(screen.handle(.escape, page: asking).actions == [.cancelDelete])
    #expect(screen.handle(.character("y"), page: asking).actions == [.confirmDelete])
    #expect(screen.handle(.enter, page: asking).actions == [.confirmDelete])
    #expect(screen.handle(.right, page: asking).actions == [], "the focus on Cancel")
    #expect(screen.handle(.enter, page: asking).actions == [.cancelDelete])
    state.confirmDelete = nil
    #expect(screen.handle(.character("u"), page: PageSnapshot(state)).actions == [.undo])
  }

  @Test("a deleted todo's row passes the selection to the row that takes its place")
  func selectionAfterDelete() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.report)
    state.todos.removeAll { $0.id == TuiPages.report }
    screen.follow(PageSnapshot(state))
    #expect(screen.selection == TuiPages.tax.uuidString)
    state.todos.removeAll { $0.id != TuiPages.milk }
    screen.follow(PageSnapshot(state))
    #expect(screen.selection == TuiPages.milk.uuidString)
  }

  @Test("K and J move the todo before the one above or after the one below, over groups")
  func moves() throws {
    let plain = try TuiPages.page()
    var screen = screen(plain, selecting: TuiPages.report)
    #expect(
      screen.handle(.character("K"), page: plain).actions == [
        .move(TuiPages.report, .before(TuiPages.milk))
      ])
    #expect(
      screen.handle(.character("J"), page: plain).actions == [
        .move(TuiPages.report, .after(TuiPages.tax))
      ])
    var top = self.screen(plain, selecting: TuiPages.milk)
    #expect(top.handle(.character("K"), page: plain).actions == [], "nothing above the first")
    let outline = try TuiPages.page(layout: .outline)
    var grouped = self.screen(outline, selecting: TuiPages.tax)
    #expect(
      grouped.handle(.character("J"), page: outline).actions == [
        .move(TuiPages.tax, .after(TuiPages.pears))
      ], "past the Done parent")
  }

  @Test("outline parents: space, Enter and the arrows open and close them; o and f cycle")
  func outlineAndLayout() throws {
    let outline = try TuiPages.page(layout: .outline)
    var screen = screen(outline)
    #expect(screen.selection == PageSnapshot.undoneGroup)
    #expect(
      screen.handle(.character(" "), page: outline).actions == [
        .setExpanded(PageSnapshot.undoneGroup, false)
      ])
    #expect(
      screen.handle(.left, page: outline).actions == [
        .setExpanded(PageSnapshot.undoneGroup, false)
      ])
    #expect(screen.handle(.right, page: outline).actions == [], "already open")
    #expect(screen.handle(.character("o"), page: outline).actions == [.chooseLayout(.sectioned)])
    let plain = try TuiPages.page()
    #expect(screen.handle(.character("o"), page: plain).actions == [.chooseLayout(.outline)])
    #expect(screen.handle(.character("f"), page: plain).actions == [.chooseFilter(.active)])
  }

  @Test("/ filters as it is typed; Enter keeps the filter, Esc clears it")
  func search() throws {
    let page = try TuiPages.page()
    var screen = screen(page)
    let typed = press(
      [.character("/"), .character("p"), .character("a"), .enter], on: &screen, page: page)
    #expect(typed == [.search("p"), .search("pa")])
    #expect(screen.mode == .list)
    var state = try TuiPages.state()
    state.search = "pa"
    let searched = PageSnapshot(state)
    #expect(screen.handle(.escape, page: searched).actions == [.search("")])
    #expect(
      press([.character("/"), .character("y"), .escape], on: &screen, page: searched) == [
        .search("pay"), .search(""),
      ], "the line starts with the page's search text")
  }

  @Test("e opens the form from the sheet; it edits every field; Enter saves, Esc cancels")
  func editForm() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    #expect(
      screen.handle(.character("e"), page: PageSnapshot(state)).actions == [
        .beginEdit(TuiPages.tax)
      ])
    var editor = TodoEditor.State(todoID: TuiPages.tax)
    state.editor = editor
    screen.follow(PageSnapshot(state))
    #expect(
      screen.frame(of: PageSnapshot(state)).overlay
        == .dialog(Dialog(title: "Edit todo", message: "Loading…", buttons: [])))
    editor.phase = .editing
    editor.title = "Pay tax"
    editor.deadline = "2001-01-01"
    state.editor = editor
    let page = PageSnapshot(state)
    screen.follow(page)
    let keys: [Key] =
      [.character("!"), .tab, .character("N"), .tab, .control("u")]
      + "2026-12-01".map { .character($0) } + [.tab, .character("H"), .tab, .right, .right]
    #expect(press(keys, on: &screen, page: page) == [])
    let fields = LivePage.EditFields(
      title: "Pay tax!", notes: "N", deadline: "2026-12-01", status: .done, section: "H")
    #expect(screen.handle(.control("s"), page: page).actions == [.saveEdit(fields)])
    #expect(screen.handle(.enter, page: page).actions == [.saveEdit(fields)])
    state.editor = nil
    screen.follow(PageSnapshot(state))
    #expect(screen.mode == .list, "the sheet closed after saving: so does the form")

    _ = screen.handle(.character("e"), page: page)
    screen.follow(page)
    #expect(screen.handle(.escape, page: page).actions == [.cancelEdit])
    #expect(screen.mode == .list)
  }

  @Test("after another person's change: Keep mine, Use theirs (the form refilled) or Cancel")
  func conflict() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    _ = screen.handle(.character("e"), page: PageSnapshot(state))
    var editor = TodoEditor.State(todoID: TuiPages.tax)
    editor.phase = .editing
    editor.title = "Pay tax"
    state.editor = editor
    screen.follow(PageSnapshot(state))
    _ = press([.character("!")], on: &screen, page: PageSnapshot(state))
    var theirs = state.todos[2]
    theirs.title = "Pay the tax"
    theirs.version = 2
    editor.title = "Pay tax!"
    editor.problem = .conflict(theirs: theirs)
    state.editor = editor
    let conflicted = PageSnapshot(state)
    screen.follow(conflicted)
    guard case .form(let box) = screen.frame(of: conflicted).overlay else {
      Issue.record("no form")
      return
    }
    #expect(box.buttons == ["Keep mine", "Use theirs", "Cancel"])
    #expect(screen.frame(of: conflicted).keyLine.message.hasPrefix("! Someone else changed"))
    let mine = LivePage.EditFields(title: "Pay tax!")
    #expect(screen.handle(.control("s"), page: conflicted).actions == [.keepMine(mine)])
    #expect(screen.handle(.enter, page: conflicted).actions == [.keepMine(mine)])
    #expect(screen.handle(.control("t"), page: conflicted).actions == [.useTheirs])
    editor.title = "Pay the tax"
    editor.problem = nil
    state.editor = editor
    let refilled = PageSnapshot(state)
    screen.follow(refilled)
    #expect(
      screen.handle(.enter, page: refilled).actions == [
        .saveEdit(LivePage.EditFields(title: "Pay the tax"))
      ], "their version in the form, saved as usual")
  }

  @Test("l opens the picker of smart views and lists; [ and ] go to the neighbouring ones")
  func lists() throws {
    var state = try TuiPages.state()
    state.agenda = [state.todos[2]]
    state.openCounts = [TodoList.inboxID: 3]
    let page = PageSnapshot(state)
    var screen = screen(page)
    _ = screen.handle(.character("l"), page: page)
    guard case .dialog(let picker) = screen.frame(of: page).overlay else {
      Issue.record("no picker")
      return
    }
    #expect(
      picker.message.split(separator: "\n") == [
        "    Today", "    Upcoming", "    Overdue (1)", "› • Inbox (3)", "    Work",
      ])
    #expect(press([.down, .enter], on: &screen, page: page) == [.chooseList(TuiPages.work)])
    #expect(
      press([.character("l"), .up, .up, .enter], on: &screen, page: page) == [
        .chooseView(.upcoming)
      ])
    #expect(press([.character("l"), .escape], on: &screen, page: page) == [])
    #expect(press([.character("l"), .enter], on: &screen, page: page) == [], "already shown")
    #expect(screen.handle(.character("]"), page: page).actions == [.chooseList(TuiPages.work)])
    #expect(screen.handle(.character("["), page: page).actions == [.chooseView(.overdue)])
    state.view = .today
    let today = PageSnapshot(state)
    #expect(screen.frame(of: today).keyLine.message.hasPrefix("Today · "))
    #expect(screen.handle(.character("["), page: today).actions == [.chooseList(TuiPages.work)])
  }

  @Test("? shows every key until a key is pressed; q and Ctrl-C quit")
  func helpAndQuit() throws {
    let page = try TuiPages.page()
    var screen = screen(page)
    _ = screen.handle(.character("?"), page: page)
    guard case .dialog(let help) = screen.frame(of: page).overlay else {
      Issue.record("no help dialog")
      return
    }
    #expect(help.title == "Keys")
    #expect(help.message.split(separator: "\n").count == TuiKeyHelp.all.count)
    #expect(help.message.contains("d Del    delete, after confirming"))
    #expect(screen.handle(.character("q"), page: page).quits == false, "q leaves the help")
    #expect(screen.mode == .list)
    #expect(screen.handle(.character("q"), page: page).quits)
    _ = screen.handle(.character("n"), page: page)
    #expect(screen.handle(.character("q"), page: page).quits == false, "q is typed")
    #expect(screen.handle(.control("c"), page: page).quits)
  }
}
