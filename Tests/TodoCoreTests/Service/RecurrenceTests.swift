import Foundation
import Testing

@testable import TodoCore

@Suite("Repeating todos: completing one moves it in place and records the completion")
struct RecurrenceTests {
  /// Noon UTC on a day of January 2026: the same day in every time zone from UTC-11 to UTC+11.
  static func noon(_ day: Int) -> Date {
    SettableClock.start.addingTimeInterval(Double(day - 1) * 86_400 + 12 * 3_600)
  }

  static func moveClock(_ clock: SettableClock, to date: Date) {
    clock.advance(date.timeIntervalSince(clock.now()))
  }

  static func deadline(_ day: Int, _ hour: Int? = nil) throws -> Deadline {
    try Deadline(year: 2026, month: 1, day: day, hour: hour, minute: hour.map { _ in 0 })
  }

  static func add(
    _ service: TodoService, _ title: String, due: Deadline?, rule: String,
    mode: Recurrence.Mode = .schedule
  ) async throws -> Todo {
    try await service.createTodo(
      NewTodo(title: title, deadline: due, recurrence: try Recurrence(rule: rule, mode: mode)))
  }

  static func complete(_ service: TodoService, _ todo: Todo) async throws -> Todo {
    try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
  }

  @Test("on schedule: a weekly todo done on its day moves a week on, same id, list and place")
  func weeklyOnSchedule() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))  // Monday 5 January
      let todo = try await Self.add(
        service, "Call mum", due: try Self.deadline(5, 9), rule: "FREQ=WEEKLY;BYDAY=MO")
      let next = try await Self.complete(service, todo)
      #expect(next.id == todo.id && next.listID == todo.listID && next.order == todo.order)
      #expect(next.status == .notStarted && next.doneAt == nil)
      #expect(next.deadline == (try Self.deadline(12, 9)))
      #expect(next.repeatRule == "FREQ=WEEKLY;BYDAY=MO" && next.repeatMode == .schedule)
      let history = try await service.completions(of: todo.id)
      #expect(history.count == 1)
      #expect(history.first?.doneAt == clock.now())
      #expect(history.first?.deadline == (try Self.deadline(5, 9)))
      #expect(try await service.todos(inList: TodoList.inboxID).count == 1)
    }
  }

  @Test("on schedule: occurrences missed while overdue are not owed")
  func overdueSkipsMissedOccurrences() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await Self.add(
        service, "Call mum", due: try Self.deadline(5, 9), rule: "FREQ=WEEKLY;BYDAY=MO")
      Self.moveClock(clock, to: Self.noon(21))  // Wednesday, two weeks late
      let next = try await Self.complete(service, todo)
      #expect(next.deadline == (try Self.deadline(26, 9)))
    }
  }

  @Test("after completion: the next date counts from the day it was done, at the same time")
  func afterCompletion() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await Self.add(
        service, "Clean the filter", due: try Self.deadline(5, 18), rule: "FREQ=DAILY;INTERVAL=3",
        mode: .afterCompletion)
      Self.moveClock(clock, to: Self.noon(10))
      let next = try await Self.complete(service, todo)
      #expect(next.deadline == (try Self.deadline(13, 18)))
      #expect(next.repeatMode == .afterCompletion)
    }
  }

  @Test("COUNT goes down as occurrences pass; the last one is plain completing")
  func countRunsOut() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))
      let todo = try await Self.add(
        service, "Take the pill", due: try Self.deadline(5), rule: "FREQ=DAILY;COUNT=2")
      let second = try await Self.complete(service, todo)
      #expect(second.deadline == (try Self.deadline(6)))
      #expect(second.repeatRule == "FREQ=DAILY;COUNT=1")
      let last = try await Self.complete(service, second)
      let sixth = try Self.deadline(6)
      #expect(last.status == .done && last.deadline == sixth)
      #expect(try await service.completions(of: todo.id).count == 1)
    }
  }

  @Test("UNTIL ends the series: past it, completing is plain completing")
  func untilEndsTheSeries() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))
      let todo = try await Self.add(
        service, "Water the seedlings", due: try Self.deadline(5),
        rule: "FREQ=WEEKLY;UNTIL=20260110")
      let done = try await Self.complete(service, todo)
      let fifth = try Self.deadline(5)
      #expect(done.status == .done && done.deadline == fifth)
      #expect(try await service.completions(of: todo.id).isEmpty)
    }
  }

  @Test("a malformed rule, or one that ends before its first date, is refused naming repeat")
  func badRulesAreRefused() async throws {
    try await SettableClock.with { service, _ in
      for rule in ["FREQ=SOMETIMES", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;COUNT=0", "  "] {
        let error = await #expect(throws: TodoError.self) {
          _ = try await Self.add(service, "Nope", due: try Self.deadline(5), rule: rule)
        }
        guard case .validation(let field, _) = error else {
          Issue.record("\(rule): \(String(describing: error))")
          continue
        }
        #expect(field == "repeat", "\(rule)")
      }
      let ended = await #expect(throws: TodoError.self) {
        _ = try await Self.add(
          service, "Ended", due: try Self.deadline(20), rule: "FREQ=DAILY;UNTIL=20260110")
      }
      let message = ended.map { "\($0)" } ?? ""
      #expect(message.hasPrefix("repeat: the rule ends (UNTIL 20260110)"))
      let inbox = try await service.todos(inList: TodoList.inboxID)
      #expect(inbox.isEmpty)
    }
  }

  @Test("a rule without a deadline is checked against the service's day, not the machine's")
  func untilAgainstTheServiceClock() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))
      let todo = try await Self.add(service, "Stretch", due: nil, rule: "FREQ=DAILY;UNTIL=20260110")
      #expect(todo.repeatRule == "FREQ=DAILY;UNTIL=20260110")
      Self.moveClock(clock, to: Self.noon(20))
      await #expect(throws: TodoError.self) {
        _ = try await Self.add(service, "Late", due: nil, rule: "FREQ=DAILY;UNTIL=20260110")
      }
    }
  }

  @Test("skip this one: the next occurrence, nothing recorded; a plain todo cannot skip")
  func skip() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))
      let todo = try await Self.add(
        service, "Gym", due: try Self.deadline(5, 7), rule: "FREQ=WEEKLY;BYDAY=MO,TH")
      let skipped = try await service.skipOccurrence(id: todo.id, expectedVersion: todo.version)
      let thursday = try Self.deadline(8, 7)
      #expect(skipped.deadline == thursday && skipped.status == .notStarted)
      #expect(try await service.completions(of: todo.id).isEmpty)
      await #expect(throws: TodoError.self) {
        _ = try await service.skipOccurrence(id: todo.id, expectedVersion: todo.version)
      }
      let plain = try await service.createTodo(NewTodo(title: "Once"))
      let error = await #expect(throws: TodoError.self) {
        _ = try await service.skipOccurrence(id: plain.id)
      }
      #expect(error == .validation(field: "repeat", message: "the todo does not repeat"))
    }
  }

  @Test("stop repeating: completing is then plain completing")
  func stopRepeating() async throws {
    try await SettableClock.with { service, _ in
      let todo = try await Self.add(
        service, "Newsletter", due: try Self.deadline(5), rule: "FREQ=MONTHLY")
      let stopped = try await service.updateTodo(
        id: todo.id, TodoPatch(recurrence: .some(nil)))
      #expect(stopped.repeatRule == nil && stopped.repeatMode == nil)
      let done = try await Self.complete(service, stopped)
      #expect(done.status == .done)
    }
  }

  @Test("the history goes with the todo when it is deleted for good, and with an export")
  func historyTravelsAndGoes() async throws {
    try await SettableClock.with { service, clock in
      Self.moveClock(clock, to: Self.noon(5))
      let todo = try await Self.add(
        service, "Standup", due: try Self.deadline(5, 9), rule: "FREQ=DAILY")
      _ = try await Self.complete(service, todo)
      let exported = try await service.export()
      #expect(exported.completions?.map(\.todoID) == [todo.id])
      #expect(exported.todos.first?.repeatRule == "FREQ=DAILY")

      _ = try await service.trashTodo(id: todo.id)
      try await service.emptyTrash()
      #expect(try await service.export().completions == nil)

      try await service.importDocument(exported)
      #expect(try await service.completions(of: todo.id).count == 1)
      #expect(try await service.todo(id: todo.id).recurrence?.ruleText == "FREQ=DAILY")
    }
  }

  @Test("an import with a bad rule or a completion of a todo it lacks writes nothing")
  func importIsChecked() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await Self.add(service, "Standup", due: nil, rule: "FREQ=DAILY")
      _ = try await Self.complete(service, todo)
      var document = try await service.export()
      document.todos[0].repeatRule = "FREQ=NEVER"
      await #expect(throws: TodoError.self) { try await service.importDocument(document) }
      document = try await service.export()
      document.todos = []
      await #expect(throws: TodoError.self) { try await service.importDocument(document) }
      #expect(try await service.completions(of: todo.id).count == 1)
      _ = clock
    }
  }

  @Test("the day it was done is the person's: a page in Kiritimati is a day ahead of UTC")
  func doneDayInThePersonsZone() async throws {
    try await SettableClock.with { service, clock in
      // 20:00 UTC on 1 January is 10:00 on 2 January in Kiritimati (UTC+14).
      clock.advance(20 * 3_600)
      let zone = TimeZoneSetting()
      let page = service.reading(in: zone)
      let server = try await Self.add(
        service, "Stretch", due: nil, rule: "FREQ=DAILY", mode: .afterCompletion)
      let kiritimati = try await Self.add(
        service, "Stretch there", due: nil, rule: "FREQ=DAILY", mode: .afterCompletion)
      zone.set(TimeZone(identifier: "Pacific/Kiritimati"))
      #expect(page.timeZone.identifier == "Pacific/Kiritimati")
      #expect(try await Self.complete(service, server).deadline == (try Self.deadline(2)))
      #expect(try await Self.complete(page, kiritimati).deadline == (try Self.deadline(3)))
    }
  }

  @Test("without a page, a person's days are their account's zone, as their browser last said")
  func doneDayInTheAccountsZone() async throws {
    try await SettableClock.with { service, clock in
      clock.advance(20 * 3_600)
      let account = try await service.createAccount(named: "alice", passwordHash: "x")
      try await service.acting(as: Principal(account)).rememberTimeZone(
        try #require(TimeZone(identifier: "Pacific/Kiritimati")))
      let stored = try #require(try await service.account(named: "alice"))
      #expect(stored.timeZone == "Pacific/Kiritimati")
      // A later request (the API, a calendar app) acts for the account as it is now.
      let alice = service.acting(as: Principal(stored))
      #expect(alice.timeZone.identifier == "Pacific/Kiritimati")
      let todo = try await alice.createTodo(
        NewTodo(
          title: "Stretch", listID: stored.inboxID,
          recurrence: try Recurrence(rule: "FREQ=DAILY", mode: .afterCompletion)))
      #expect(try await Self.complete(alice, todo).deadline == (try Self.deadline(3)))
    }
  }

  @Test("a time the clocks skip in the person's zone is refused naming the field; nothing written")
  func skippedHour() async throws {
    try await SettableClock.with { service, _ in
      let zone = TimeZoneSetting()
      zone.set(TimeZone(identifier: "Europe/Paris"))
      let paris = service.reading(in: zone)
      let skipped = try Deadline(parsing: "2027-03-28T02:30")
      for (draft, field) in [
        (NewTodo(title: "Ghost", deadline: skipped), "deadline"),
        (
          NewTodo(title: "Ghost", deadline: try Deadline(parsing: "2027-03-29"), start: skipped),
          "start"
        ),
      ] {
        do {
          _ = try await paris.createTodo(draft)
          Issue.record("a skipped time was taken for \(field)")
        } catch TodoError.validation(let named, let message) {
          #expect(named == field && message.contains("does not exist in Europe/Paris"))
        }
      }
      let todo = try await paris.createTodo(
        NewTodo(title: "Real", deadline: try Deadline(parsing: "2027-03-28T03:30")))
      await #expect(throws: TodoError.self) {
        _ = try await paris.updateTodo(id: todo.id, TodoPatch(deadline: .some(skipped)))
      }
      let session = try await paris.beginEdit(todoID: todo.id)
      await #expect(throws: TodoError.self) {
        _ = try await session.apply(TodoPatch(deadline: .some(skipped)))
      }
      #expect(try await service.todo(id: todo.id) == todo)
      // In UTC the same time is an ordinary one.
      let utc = TimeZoneSetting()
      utc.set(TimeZone(identifier: "UTC"))
      _ = try await service.reading(in: utc).createTodo(NewTodo(title: "UTC", deadline: skipped))
      #expect(try await service.todos(inList: TodoList.inboxID).count == 2)
    }
  }
}
