import Composable
import Foundation
import Testing

@testable import TodoCore

/// Reminders on the page: set and removed in the edit sheet, ringing as notices on every page
/// of the person through the observation, snoozed, dismissed or done from the notice.
@Suite("Page: reminders")
struct PageReminderTests {
  /// A todo due at 09:00 on 5 January 2026, with a reminder at the fixture's now that fired.
  static func ringing(_ fixture: LivePageFixture) async throws -> (Todo, RingingReminder) {
    let todo = try await fixture.service.createTodo(
      NewTodo(title: "Call mum", deadline: try Deadline(parsing: "2026-01-05T09:00")))
    _ = try await fixture.service.addReminder(to: todo.id, .at(LivePageFixture.now))
    let fired = try await fixture.service.fireDueReminders()
    return (todo, try #require(fired.first))
  }

  @Test("the sheet sets a reminder from words, refuses nonsense, and removes one")
  func sheetSetsAndRemoves() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(
        NewTodo(title: "Dentist", deadline: try Deadline(parsing: "2026-01-08T10:00")))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await store.send(.beginEdit(todo.id)) { $0.sheet = TodoEditor.State(todoID: todo.id) }
      await store.receive(.sheet(.begin))
      await store.receive(.sheet(.began(todo))) {
        $0.sheet?.phase = .editing
        $0.sheet?.original = todo
        $0.sheet?.title = todo.title
        $0.sheet?.deadline = "2026-01-08T10:00"
      }

      // The reminder's identifier is the store's: the state is checked after the fact.
      store.exhaustivity = .off
      await store.send(.sheet(.addReminder("1 day before")))
      await store.receive(\.sheet.reminders)
      let set = try await fixture.service.reminders(of: todo.id)
      #expect(set.map(\.trigger) == [.relative(seconds: -86_400)])
      #expect(store.state.sheet?.reminders == set)
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.reminders.map(\.label) == ["1 day before"])

      await store.send(.sheet(.addReminder("whenever")))
      await store.receive(\.sheet.failed) {
        $0.sheet?.problem = EditorProblem(
          message:
            "reminder: \"whenever\" is not a reminder: write \"10 minutes before\", "
            + "\"1 day before\", \"at the deadline\" or a date and time (2026-11-27 09:00)")
      }

      await store.send(.sheet(.removeReminder(set[0].id)))
      await store.receive(.sheet(.reminders([]))) { $0.sheet?.reminders = [] }
      #expect(try await fixture.service.reminders(of: todo.id).isEmpty)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }

  @Test("a reminder that fires rings on the open page, as a notice with its deadline")
  func ringsOnThePage() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      store.exhaustivity = .off
      let (_, ringing) = try await Self.ringing(fixture)
      await store.receive(\.reminders.ringing, [ringing]) { $0.reminders.ringing = [ringing] }
      let notices = PageSnapshot(store.state).chrome.reminders
      #expect(notices.map(\.title) == ["Call mum"])
      #expect(notices.first?.detail == "Due Monday 09:00")

      // Dismissed from this page (or any other): the notice goes everywhere.
      await store.send(.reminders(.dismiss(ringing.id)))
      await store.receive(\.reminders.ringing, []) { $0.reminders.ringing = [] }
      await fixture.disappear(store)
    }
  }

  @Test("snooze stops the ringing; Done completes the todo; a gone reminder is reported")
  func snoozeAndDone() async throws {
    try await LivePageFixture.with { fixture in
      let (todo, ringing) = try await Self.ringing(fixture)
      var local = PageReminders.Local()
      local.ringing = [ringing]
      let store = try await fixture.feature(PageReminders(), local)
      await store.send(.snooze(ringing.id, .hour))
      await store.finish()
      #expect(try await fixture.service.ringingReminders().isEmpty)
      let snoozed = try #require(try await fixture.service.reminders(of: todo.id).first)
      #expect(snoozed.fireAt == LivePageFixture.now.addingTimeInterval(3_600))

      await store.send(.complete(ringing.id))
      await store.finish()
      #expect(try await fixture.service.todo(id: todo.id).status == .done)
      #expect(try await fixture.service.nextReminderMoment() == nil)

      await store.send(.dismiss(UUID())) { $0.problem = "That reminder no longer exists." }
    }
  }
}
