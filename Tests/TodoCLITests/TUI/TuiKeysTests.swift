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
    #expect(screen.handle(.character("x"), page: page).actions == [.list(.toggle(TuiPages.milk))])
    _ = screen.handle(.down, page: page)
    #expect(screen.selection == TuiPages.report.uuidString)
    #expect(screen.handle(.character(" "), page: page).actions == [.list(.toggle(TuiPages.report))])
    #expect(
      screen.handle(.character("s"), page: page).actions == [
        .list(.setStatus(TuiPages.report, .done))
      ])
    _ = screen.handle(.end, page: page)
    #expect(
      screen.handle(.character("s"), page: page).actions == [
        .list(.setStatus(TuiPages.pears, .notStarted))
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
    #expect(
      typed == [
        .list(.typeNew("A")), .list(.typeNew("Ab")), .list(.typeNew("A")), .list(.typeNew("Ax")),
        .list(.add("Ax")),
      ])
    #expect(screen.mode == .list)
    let dropped = press([.character("a"), .character("z"), .escape], on: &screen, page: page)
    #expect(dropped == [.list(.typeNew("z")), .list(.typeNew(""))])
    #expect(screen.mode == .list)
  }

  @Test("d asks LivePage to confirm; then only y/Enter delete and n/Esc keep; u undoes")
  func deleteAndUndo() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    #expect(
      screen.handle(.character("d"), page: PageSnapshot(state)).actions == [
        .trash(.requestDelete(TuiPages.tax))
      ])
    state.trash.confirmDelete = TuiPages.tax
    let asking = PageSnapshot(state)
    #expect(screen.handle(.character("x"), page: asking).actions == [], "other keys wait")
    #expect(screen.handle(.character("q"), page: asking) == TuiScreen.Command())
    #expect(screen.handle(.character("n"), page: asking).actions == [.trash(.cancelDelete)])
    #expect(screen.handle(.escape, page: asking).actions == [.trash(.cancelDelete)])
    #expect(screen.handle(.character("y"), page: asking).actions == [.trash(.confirmDelete)])
    #expect(screen.handle(.enter, page: asking).actions == [.trash(.confirmDelete)])
    #expect(screen.handle(.right, page: asking).actions == [], "the focus on Cancel")
    #expect(screen.handle(.enter, page: asking).actions == [.trash(.cancelDelete)])
    state.trash.confirmDelete = nil
    #expect(screen.handle(.character("u"), page: PageSnapshot(state)).actions == [.trash(.undo)])
  }

  @Test("a deleted todo's row passes the selection to the row that takes its place")
  func selectionAfterDelete() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.report)
    state.data.todos.removeAll { $0.id == TuiPages.report }
    screen.follow(PageSnapshot(state))
    #expect(screen.selection == TuiPages.tax.uuidString)
    state.data.todos.removeAll { $0.id != TuiPages.milk }
    screen.follow(PageSnapshot(state))
    #expect(screen.selection == TuiPages.milk.uuidString)
  }

  @Test("K and J move the todo before the one above or after the one below, over groups")
  func moves() throws {
    let plain = try TuiPages.page()
    var screen = screen(plain, selecting: TuiPages.report)
    #expect(
      screen.handle(.character("K"), page: plain).actions == [
        .list(.move(TuiPages.report, .before(TuiPages.milk)))
      ])
    #expect(
      screen.handle(.character("J"), page: plain).actions == [
        .list(.move(TuiPages.report, .after(TuiPages.tax)))
      ])
    var top = self.screen(plain, selecting: TuiPages.milk)
    #expect(top.handle(.character("K"), page: plain).actions == [], "nothing above the first")
    let outline = try TuiPages.page(layout: .outline)
    var grouped = self.screen(outline, selecting: TuiPages.tax)
    #expect(
      grouped.handle(.character("J"), page: outline).actions == [
        .list(.move(TuiPages.tax, .after(TuiPages.pears)))
      ], "past the Done parent")
  }

  @Test("outline parents: space, Enter and the arrows open and close them; o and f cycle")
  func outlineAndLayout() throws {
    let outline = try TuiPages.page(layout: .outline)
    var screen = screen(outline)
    #expect(screen.selection == PageSnapshot.undoneGroup)
    #expect(
      screen.handle(.character(" "), page: outline).actions == [
        .list(.setExpanded(PageSnapshot.undoneGroup, false))
      ])
    #expect(
      screen.handle(.left, page: outline).actions == [
        .list(.setExpanded(PageSnapshot.undoneGroup, false))
      ])
    #expect(screen.handle(.right, page: outline).actions == [], "already open")
    #expect(
      screen.handle(.character("o"), page: outline).actions == [.list(.chooseLayout(.sectioned))])
    let plain = try TuiPages.page()
    #expect(screen.handle(.character("o"), page: plain).actions == [.list(.chooseLayout(.outline))])
    #expect(screen.handle(.character("f"), page: plain).actions == [.list(.chooseFilter(.active))])
  }

  @Test("/ filters as it is typed; Enter keeps the filter, Esc clears it")
  func search() throws {
    let page = try TuiPages.page()
    var screen = screen(page)
    let typed = press(
      [.character("/"), .character("p"), .character("a"), .enter], on: &screen, page: page)
    #expect(typed == [.search(.setText("p")), .search(.setText("pa"))])
    #expect(screen.mode == .list)
    var state = try TuiPages.state()
    state.search.text = "pa"
    let searched = PageSnapshot(state)
    #expect(screen.handle(.escape, page: searched).actions == [.search(.setText(""))])
    #expect(
      press([.character("/"), .character("y"), .escape], on: &screen, page: searched) == [
        .search(.setText("pay")), .search(.setText("")),
      ], "the line starts with the page's search text")
  }

  @Test("e opens the form from the sheet; it edits every field; Enter saves, Esc cancels")
  func editForm() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    #expect(
      screen.handle(.character("e"), page: PageSnapshot(state)).actions == [
        .editor(.beginEdit(TuiPages.tax))
      ])
    var editor = TodoEditor.State(todoID: TuiPages.tax)
    state.editor.sheet = editor
    screen.follow(PageSnapshot(state))
    #expect(
      screen.frame(of: PageSnapshot(state)).overlay
        == .dialog(Dialog(title: "Edit todo", message: "Loading…", buttons: [])))
    editor.phase = .editing
    editor.title = "Pay tax"
    editor.deadline = "2001-01-01"
    state.editor.sheet = editor
    let page = PageSnapshot(state)
    screen.follow(page)
    let typed: (String) -> [Key] = { text in text.map { .character($0) } }
    var keys: [Key] = [.character("!"), .tab, .character("N"), .tab, .control("u")]
    keys += typed("2026-12-01") + [.tab, .tab] + typed("every day")
    keys += [.tab, .character("H"), .tab] + typed("work #q3")
    // Priority: P1; Status: done.
    keys += [.tab, .right, .tab, .right, .right]
    #expect(press(keys, on: &screen, page: page) == [])
    // The mode is in the words ("after done"): the form sends no box of its own.
    let fields = PageEditor.Fields(
      title: "Pay tax!", notes: "N", deadline: "2026-12-01", status: .done, section: "H",
      repeat: "every day", afterCompletion: false, start: "", someday: false, priority: "1",
      tags: "work #q3")
    #expect(screen.handle(.control("s"), page: page).actions == [.editor(.saveEdit(fields))])
    #expect(screen.handle(.enter, page: page).actions == [.editor(.saveEdit(fields))])
    state.editor.sheet = nil
    screen.follow(PageSnapshot(state))
    #expect(screen.mode == .list, "the sheet closed after saving: so does the form")

    _ = screen.handle(.character("e"), page: page)
    screen.follow(page)
    #expect(screen.handle(.escape, page: page).actions == [.editor(.cancelEdit)])
    #expect(screen.mode == .list)
  }

  @Test("on a shared list the form has Assignee: Nobody or a member, sent with Save")
  func assigneeField() throws {
    var state = try TuiPages.state()
    let ann = UUID(uuidString: "00000000-0000-4000-8000-0000000000a1")!
    let bob = UUID(uuidString: "00000000-0000-4000-8000-0000000000b2")!
    // As the page receives them (the type has no initializer of its own).
    state.data.members[TodoList.inboxID] = try JSONDecoder().decode(
      [ListMember].self,
      from: Data(
        """
        [{"accountID":"\(ann)","name":"ann","role":"owner"},
         {"accountID":"\(bob)","name":"bob","role":"editor"}]
        """.utf8))
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    _ = screen.handle(.character("e"), page: PageSnapshot(state))
    var editor = TodoEditor.State(todoID: TuiPages.tax)
    editor.phase = .editing
    editor.title = "Pay tax"
    editor.original = state.data.todos.first { $0.id == TuiPages.tax }
    editor.assignee = bob.uuidString
    state.editor.sheet = editor
    let page = PageSnapshot(state)
    screen.follow(page)
    guard case .form(let box) = screen.frame(of: page).overlay else {
      Issue.record("no form")
      return
    }
    #expect(box.fields.last?.label == "Assignee")
    let saved = { (assignee: String) in
      PageEditor.Fields(
        title: "Pay tax", repeat: "", afterCompletion: false, start: "", someday: false,
        priority: "", tags: "", assignee: assignee)
    }
    // Bob, as the draft says; one to the left is Ann, one more Nobody.
    #expect(
      screen.handle(.control("s"), page: page).actions == [
        .editor(.saveEdit(saved(bob.uuidString)))
      ])
    let toAssignee: [Key] = Array(repeating: .tab, count: 9)
    _ = press(toAssignee + [.left], on: &screen, page: page)
    #expect(
      screen.handle(.control("s"), page: page).actions == [
        .editor(.saveEdit(saved(ann.uuidString)))
      ])
    _ = press([.left], on: &screen, page: page)
    #expect(screen.handle(.control("s"), page: page).actions == [.editor(.saveEdit(saved("")))])
  }

  @Test("after another person's change: Keep mine, Use theirs (the form refilled) or Cancel")
  func conflict() throws {
    var state = try TuiPages.state()
    var screen = screen(PageSnapshot(state), selecting: TuiPages.tax)
    _ = screen.handle(.character("e"), page: PageSnapshot(state))
    var editor = TodoEditor.State(todoID: TuiPages.tax)
    editor.phase = .editing
    editor.title = "Pay tax"
    state.editor.sheet = editor
    screen.follow(PageSnapshot(state))
    _ = press([.character("!")], on: &screen, page: PageSnapshot(state))
    var theirs = state.data.todos[2]
    theirs.title = "Pay the tax"
    theirs.version = 2
    editor.title = "Pay tax!"
    editor.problem = .conflict(theirs: theirs)
    state.editor.sheet = editor
    let conflicted = PageSnapshot(state)
    screen.follow(conflicted)
    guard case .form(let box) = screen.frame(of: conflicted).overlay else {
      Issue.record("no form")
      return
    }
    #expect(box.buttons == ["Keep mine", "Use theirs", "Cancel"])
    #expect(screen.frame(of: conflicted).keyLine.message.hasPrefix("! Someone else changed"))
    let mine = PageEditor.Fields(
      title: "Pay tax!", repeat: "", afterCompletion: false, start: "", someday: false,
      priority: "", tags: "")
    #expect(screen.handle(.control("s"), page: conflicted).actions == [.editor(.keepMine(mine))])
    #expect(screen.handle(.enter, page: conflicted).actions == [.editor(.keepMine(mine))])
    #expect(screen.handle(.control("t"), page: conflicted).actions == [.editor(.useTheirs)])
    editor.title = "Pay the tax"
    editor.problem = nil
    state.editor.sheet = editor
    let refilled = PageSnapshot(state)
    screen.follow(refilled)
    #expect(
      screen.handle(.enter, page: refilled).actions == [
        .editor(
          .saveEdit(
            PageEditor.Fields(
              title: "Pay the tax", repeat: "", afterCompletion: false, start: "", someday: false,
              priority: "", tags: "")))
      ], "their version in the form, saved as usual")
  }

  @Test("l opens the picker of smart views and lists; [ and ] go to the neighbouring ones")
  func lists() throws {
    var state = try TuiPages.state()
    state.data.agenda = [state.data.todos[2]]
    state.data.openCounts = [TodoList.inboxID: 3]
    let page = PageSnapshot(state)
    var screen = screen(page)
    _ = screen.handle(.character("l"), page: page)
    guard case .dialog(let picker) = screen.frame(of: page).overlay else {
      Issue.record("no picker")
      return
    }
    #expect(
      picker.message.split(separator: "\n") == [
        "    Today", "    Upcoming", "    Overdue (1)", "    Someday", "› • Inbox (3)", "    Work",
      ])
    #expect(
      press([.down, .enter], on: &screen, page: page) == [.sidebar(.chooseList(TuiPages.work))])
    #expect(
      press([.character("l"), .up, .up, .up, .enter], on: &screen, page: page) == [
        .sidebar(.chooseView(.upcoming))
      ])
    #expect(press([.character("l"), .escape], on: &screen, page: page) == [])
    #expect(press([.character("l"), .enter], on: &screen, page: page) == [], "already shown")
    #expect(
      screen.handle(.character("]"), page: page).actions == [.sidebar(.chooseList(TuiPages.work))])
    #expect(screen.handle(.character("["), page: page).actions == [.sidebar(.chooseView(.someday))])
    state.data.view = .today
    let today = PageSnapshot(state)
    #expect(screen.frame(of: today).keyLine.message.hasPrefix("Today · "))
    #expect(
      screen.handle(.character("["), page: today).actions == [.sidebar(.chooseList(TuiPages.work))])
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
