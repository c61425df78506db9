import Foundation
import Persistence
import Testing

@testable import TodoCore

/// The scheduler fires what is due, is woken by a new reminder instead of polling, fires what
/// fell due while it was stopped once (late), and two of them on one store fire each reminder
/// once, on either engine.
@Suite("Reminder scheduler", .timeLimit(.minutes(2)))
struct ReminderSchedulerTests {
  /// Runs a scheduler on `service` while `body` runs, and hands `body` the firings it
  /// delivers, in order.
  static func running(
    _ service: TodoService,
    _ body: (inout AsyncStream<[RingingReminder]>.Iterator) async throws -> Void
  ) async throws {
    let (firings, delivered) = AsyncStream<[RingingReminder]>.makeStream()
    let scheduler = ReminderScheduler(service: service) { delivered.yield($0) }
    let task = Task { try await scheduler.run() }
    defer { task.cancel() }
    var iterator = firings.makeAsyncIterator()
    try await body(&iterator)
  }

  @Test("it fires what is due, then wakes for a reminder added while it sleeps")
  func firesAndWakes() async throws {
    try await SettableClock.with { service, clock in
      let todo = try await service.createTodo(NewTodo(title: "Stretch"))
      let first = try await service.addReminder(to: todo.id, .at(clock.now()))
      try await Self.running(service) { firings in
        #expect(await firings.next()?.map(\.id) == [first.id])
        // Nothing is armed: the scheduler sleeps its longest sleep, unless woken.
        let second = try await service.addReminder(
          to: todo.id, .at(clock.now().addingTimeInterval(1)))
        clock.advance(1)
        // The commit that armed it wakes the scheduler; the clock is already past it.
        let next = await firings.next()
        #expect(next?.map(\.id) == [second.id])
      }
    }
  }

  @Test("started after a stop across a reminder's moment, it fires it once, marked late")
  func firesLateAfterRestart() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = SettableClock()
    let before = try await TodoService.open(store.location, now: { clock.now() })
    let todo = try await before.createTodo(NewTodo(title: "Take the pill"))
    let reminder = try await before.addReminder(
      to: todo.id, .at(clock.now().addingTimeInterval(600)))
    try before.close()

    clock.advance(3_600)
    let after = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? after.close() }
    try await Self.running(after) { firings in
      let fired = await firings.next()
      #expect(fired?.map(\.id) == [reminder.id])
      #expect(fired?.first?.late == true)
    }
    #expect(try await after.fireDueReminders().isEmpty)
    #expect(try await after.ringingReminders().map(\.id) == [reminder.id])
  }

  @Test("two services on one store firing at once fire each reminder exactly once")
  func twoServersFireOnce() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = SettableClock()
    let one = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? one.close() }
    let two = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? two.close() }
    var ids: Set<UUID> = []
    for index in 0..<100 {
      let owner = try await one.createTodo(NewTodo(title: "Todo \(index)"))
      let reminder = try await one.addReminder(
        to: owner.id, .at(clock.now().addingTimeInterval(Double(index % 7))))
      ids.insert(reminder.id)
    }
    clock.advance(10)
    let fired = try await withThrowingTaskGroup(of: [UUID].self) { group in
      for service in [one, two, one, two] {
        group.addTask { try await service.fireDueReminders().map(\.id) }
      }
      var all: [UUID] = []
      for try await ids in group { all += ids }
      return all
    }
    #expect(fired.count == ids.count, "fired twice: \(fired.count - Set(fired).count)")
    #expect(Set(fired) == ids)
  }
}
