import Foundation
import Persistence
import Testing

@testable import TodoCore

/// Reminders on the store: armed for their todo's deadline, fired once, ringing until snoozed
/// or dismissed, and re-armed by every change of their todo.
@Suite("Reminders")
struct ReminderTests {
  static func deadline(_ day: Int, _ hour: Int? = nil) throws -> Deadline {
    try Deadline(year: 2026, month: 1, day: day, hour: hour, minute: hour.map { _ in 0 })
  }

  /// The moment a deadline is in the server's zone, which a store without accounts reads in.
  static func moment(_ deadline: Deadline) -> Date { deadline.moment(in: .current) }

  static func move(_ clock: SettableClock, to date: Date) {
    clock.advance(date.timeIntervalSince(clock.now()))
  }

  @Test("a reminder before the deadline is armed at that distance, and fires once")
  func relativeFiresOnce() async throws {
    try await SettableClock.with { service, clock in
      let due = try Self.deadline(5, 9)
      let todo = try await service.createTodo(NewTodo(title: "Call mum", deadline: due))
      let reminder = try await service.addReminder(to: todo.id, .relative(seconds: -600))
      #expect(reminder.fireAt == Self.moment(due).addingTimeInterval(-600))
      #expect(try await service.nextReminderMoment() == reminder.fireAt)

      #expect(try await service.fireDueReminders().isEmpty, "not due yet")
      Self.move(clock, to: reminder.fireAt!)
      let fired = try await service.fireDueReminders()
      #expect(fired.map(\.id) == [reminder.id])
      #expect(fired.first?.title == "Call mum" && fired.first?.late == false)
      #expect(try await service.fireDueReminders().isEmpty, "fired once")
      #expect(try await service.nextReminderMoment() == nil)
      #expect(try await service.ringingReminders().map(\.id) == [reminder.id])
    }
  }

  @Test("a reminder whose moment passed while nothing fired it rings late, once")
  func lateAfterADowntime() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await service.createTodo(NewTodo(title: "Pay rent"))
      let at = clock.now().addingTimeInterval(3_600)
      _ = try await service.addReminder(to: todo.id, .at(at))
      Self.move(clock, to: at.addingTimeInterval(7_200))
      let fired = try await service.fireDueReminders()
      #expect(fired.map(\.late) == [true])
      #expect(try await service.fireDueReminders().isEmpty)
    }
  }

  @Test("completing a repeating todo stops the ringing and arms the next occurrence")
  func repeatingTodoRearms() async throws {
    try await SettableClock.with { service, clock in
      let due = try Self.deadline(5, 9)
      let todo = try await service.createTodo(
        NewTodo(
          title: "Call mum", deadline: due,
          recurrence: try Recurrence(rule: "FREQ=WEEKLY;BYDAY=MO", mode: .schedule)))
      let reminder = try await service.addReminder(to: todo.id, .relative(seconds: -3_600))
      Self.move(clock, to: Self.moment(due))
      #expect(try await service.fireDueReminders().map(\.id) == [reminder.id])

      _ = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(try await service.ringingReminders().isEmpty)
      let next = try await service.nextReminderMoment()
      #expect(next == Self.moment(try Self.deadline(12, 9)).addingTimeInterval(-3_600))
    }
  }

  @Test("a done or trashed todo fires nothing; restored, its reminder is armed again")
  func doneAndTrashDisarm() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await service.createTodo(
        NewTodo(title: "Water plants", deadline: try Self.deadline(6, 18)))
      let reminder = try await service.addReminder(to: todo.id, .relative(seconds: 0))
      let done = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(try await service.nextReminderMoment() == nil)
      _ = try await service.updateTodo(id: todo.id, TodoPatch(status: .notStarted))
      #expect(try await service.nextReminderMoment() == reminder.fireAt)
      _ = done
      _ = try await service.trashTodo(id: todo.id)
      #expect(try await service.nextReminderMoment() == nil)
      _ = try await service.restoreTodo(id: todo.id)
      #expect(try await service.nextReminderMoment() == reminder.fireAt)

      // A moved deadline moves the reminder.
      _ = try await service.updateTodo(
        id: todo.id, TodoPatch(deadline: .some(try Self.deadline(7, 18))))
      #expect(try await service.nextReminderMoment() == Self.moment(try Self.deadline(7, 18)))
    }
  }

  @Test("snooze stops the ringing and rings again at its end; dismiss stops it")
  func snoozeAndDismiss() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await service.createTodo(NewTodo(title: "Stretch"))
      let at = clock.now().addingTimeInterval(60)
      let reminder = try await service.addReminder(to: todo.id, .at(at))
      Self.move(clock, to: at)
      _ = try await service.fireDueReminders()

      let snoozed = try await service.snoozeReminder(id: reminder.id, .tenMinutes)
      #expect(snoozed.ringingSince == nil && snoozed.fireAt == at.addingTimeInterval(600))
      #expect(try await service.ringingReminders().isEmpty)
      Self.move(clock, to: at.addingTimeInterval(600))
      #expect(try await service.fireDueReminders().map(\.id) == [reminder.id])

      try await service.dismissReminder(id: reminder.id)
      #expect(try await service.ringingReminders().isEmpty)
      #expect(try await service.nextReminderMoment() == nil, "an absolute reminder rings once")
    }
  }

  @Test("bad reminders are refused with a message on the reminder field, and nothing is written")
  func validation() async throws {
    try await SettableClock.with { service, clock in
      let undated = try await service.createTodo(NewTodo(title: "Someday thing"))
      let dated = try await service.createTodo(
        NewTodo(title: "Dated", deadline: try Self.deadline(9)))
      let ended = try await service.createTodo(
        NewTodo(
          title: "Short series", deadline: try Self.deadline(5),
          recurrence: try Recurrence(rule: "FREQ=DAILY;UNTIL=20260107", mode: .schedule)))
      let refused: [(UUID, ReminderTrigger)] = [
        (undated.id, .at(clock.now().addingTimeInterval(-3_600))),
        (undated.id, .relative(seconds: -600)),
        (dated.id, .relative(seconds: -400 * 86_400)),
        (ended.id, .at(Self.moment(try Self.deadline(20)))),
      ]
      for (id, trigger) in refused {
        await #expect(throws: TodoError.self, "\(trigger)") {
          _ = try await service.addReminder(to: id, trigger)
        }
        do {
          _ = try await service.addReminder(to: id, trigger)
        } catch let error as TodoError {
          #expect(error.validationField == "reminder")
        }
      }
      _ = try await service.updateTodo(id: dated.id, TodoPatch(status: .done))
      await #expect(throws: TodoError.self) {
        _ = try await service.addReminder(to: dated.id, .relative(seconds: 0))
      }
      for id in [undated.id, dated.id, ended.id] {
        #expect(try await service.reminders(of: id).isEmpty)
      }
    }
  }

  @Test("the same reminder twice is one; a todo deleted for good takes its reminders along")
  func duplicatesAndDeletion() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await service.createTodo(
        NewTodo(title: "Dentist", deadline: try Self.deadline(8, 10)))
      let first = try await service.addReminder(to: todo.id, .relative(seconds: -86_400))
      let again = try await service.addReminder(to: todo.id, .relative(seconds: -86_400))
      let other = try await service.addReminder(to: todo.id, .relative(seconds: -3_600))
      #expect(first.id == again.id)
      #expect(try await service.reminders(of: todo.id).map(\.id) == [first.id, other.id])
      try await service.removeReminder(id: other.id)
      #expect(try await service.reminders(of: todo.id).map(\.id) == [first.id])

      _ = try await service.trashTodo(id: todo.id)
      _ = try await service.emptyTrash()
      let left = try await service.container.read { tx in try tx.count(FetchRequest<Reminder>()) }
      #expect(left == 0)
    }
  }
}
