import Composable
import Foundation
import Testing

@testable import TodoCore

/// The edit sheet's repeat: presets and words, after completion, stop, skip and the history.
@Suite("PageEditor: how a todo repeats")
struct PageEditorRepeatTests {
  typealias Store = TestStore<PageEditor.State, PageEditor.Action>

  /// A todo that repeats every Monday, due on Monday 5 January 2026 at 09:00.
  static func mondays(_ fixture: LivePageFixture) async throws -> Todo {
    try await fixture.service.createTodo(
      NewTodo(
        title: "Call mum", deadline: try Deadline(parsing: "2026-01-05T09:00"),
        recurrence: try Recurrence(rule: "FREQ=WEEKLY;BYDAY=MO")))
  }

  /// Opens the sheet on a repeating `todo` and asserts it is ready, with its history.
  static func begin(_ store: Store, _ todo: Todo, history: RepeatHistory) async {
    await store.send(.beginEdit(todo.id)) { $0.sheet = TodoEditor.State(todoID: todo.id) }
    await store.receive(.sheet(.begin))
    await store.receive(.sheet(.began(todo))) {
      $0.sheet?.phase = .editing
      $0.sheet?.original = todo
      $0.sheet?.title = todo.title
      $0.sheet?.notes = todo.notes
      $0.sheet?.deadline = todo.deadline?.rawValue ?? ""
      $0.sheet?.status = todo.status
      $0.sheet?.repeatText = todo.recurrence?.editText ?? ""
      $0.sheet?.afterCompletion = todo.repeatMode == .afterCompletion
    }
    await store.receive(.sheet(.history(history))) { $0.sheet?.history = history }
  }

  @Test("the sheet shows the repeat in words, the history and Skip; the row says it repeats")
  func shown() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await Self.mondays(fixture)
      _ = try await fixture.service.updateTodo(id: todo.id, TodoPatch(status: .done))
      let moved = try await fixture.service.todo(id: todo.id)
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, moved, history: RepeatHistory(count: 1, last: LivePageFixture.now))
      let page = rendered(store.state, at: \.editor)
      let sheet = try #require(page.chrome.editor)
      #expect(sheet.repeat == "every Monday" && !sheet.afterCompletion && sheet.repeats)
      #expect(sheet.history == "Done once, last on 1 Jan 2026")
      #expect(page.cells[todo.id.uuidString]?.repeats == "every Monday")
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }

  @Test("words set the rule, the box counts from completion; an empty repeat stops it")
  func setAndStop() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Water the plants"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await PageEditorTests.begin(store, todo)
      let fields = PageEditor.Fields(
        title: "Water the plants", repeat: "every 2 weeks on friday", afterCompletion: true)
      await PageEditorTests.submit(store, fields, then: .save) { $0.sheet?.phase = .saving }
      await store.receive(\.sheet.saved) { $0.sheet = nil }
      let saved = try await fixture.service.todo(id: todo.id)
      #expect(
        saved.recurrence
          == (try Recurrence(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", mode: .afterCompletion)))

      let reopened = fixture.feature(
        PageEditor(), PageScoped(data: try await fixture.data(), PageEditor.Local()))
      await Self.begin(reopened, saved, history: RepeatHistory(count: 0, last: nil))
      #expect(rendered(reopened.state, at: \.editor).chrome.editor?.history == nil)
      let stop = PageEditor.Fields(title: "Water the plants", repeat: "", afterCompletion: false)
      await PageEditorTests.submit(reopened, stop, then: .save) { $0.sheet?.phase = .saving }
      await reopened.receive(\.sheet.saved) { $0.sheet = nil }
      let stopped = try await fixture.service.todo(id: todo.id)
      #expect(stopped.recurrence == nil && stopped.repeatMode == nil)
      await reopened.finish()
    }
  }

  @Test("words that are no repeat are refused in the sheet, naming the field; nothing is written")
  func refused() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await Self.mondays(fixture)
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, todo, history: RepeatHistory(count: 0, last: nil))
      let fields = PageEditor.Fields(
        title: "Call mum", deadline: "2026-01-05T09:00", repeat: "every blue moon")
      await PageEditorTests.submit(store, fields, then: .save) { $0.sheet?.phase = .saving }
      await store.receive(\.sheet.failed) {
        $0.sheet?.phase = .editing
        $0.sheet?.problem = EditorProblem(
          message: "repeat: \"every blue moon\" is not a repeat: say it like \"every monday\", "
            + "\"every 2 weeks\" or \"every 3 days after done\", or give a rule like "
            + "FREQ=WEEKLY;BYDAY=MO")
      }
      #expect(try await fixture.service.todo(id: todo.id) == todo)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) {
        $0.sheet = nil
      }
      await store.finish()
    }
  }

  @Test("Skip this one closes the sheet and moves the todo to its next date, nothing done")
  func skip() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await Self.mondays(fixture)
      let plain = try await fixture.service.createTodo(NewTodo(title: "Once"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, todo, history: RepeatHistory(count: 0, last: nil))
      await store.send(.skipOccurrence)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
      let skipped = try await fixture.service.todo(id: todo.id)
      #expect(skipped.deadline == (try Deadline(parsing: "2026-01-12T09:00")))
      #expect(skipped.status == .notStarted)
      #expect(try await fixture.service.completions(of: todo.id).isEmpty)
      // A todo that does not repeat has no Skip.
      await PageEditorTests.begin(store, plain)
      await store.send(.skipOccurrence)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }
}

extension PageEditorRepeatTests {
  @Test("the sheet lists the occurrences a calendar app changed on its own")
  func changedInACalendarApp() async throws {
    try await LivePageFixture.with { fixture in
      _ = try await fixture.service.importCalendar(
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VTODO\r
        UID:yoga\r
        SUMMARY:Yoga\r
        DUE;VALUE=DATE:20260106\r
        RRULE:FREQ=WEEKLY\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:yoga\r
        RECURRENCE-ID;VALUE=DATE:20260113\r
        SUMMARY:Yoga (in the park)\r
        STATUS:COMPLETED\r
        END:VTODO\r
        END:VCALENDAR\r

        """)
      let todo = try #require(try await fixture.service.todos(inList: TodoList.inboxID).first)
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      let changed = [
        ChangedOccurrence(
          occurrence: try Deadline(parsing: "2026-01-13"), title: "Yoga (in the park)",
          status: .done)
      ]
      await Self.begin(store, todo, history: RepeatHistory(count: 0, last: nil, changed: changed))
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.changedOccurrences == ["2026/01/13: Yoga (in the park), done"])
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }
}
