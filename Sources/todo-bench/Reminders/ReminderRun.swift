import Foundation
import Persistence
import Synchronization
import TodoCore

/// One run of `todo-bench reminders` on a store: the reminders stored, the schedulers started,
/// every delivery timed against its reminder's moment.
struct ReminderRun {
  let location: StoreLocation
  let options: ReminderOptions

  struct Outcome {
    var p50 = Double.nan
    var p99 = Double.nan
    var max = Double.nan
    var fired = 0
    var twice = 0
    var missed = 0
    var idleCPUPercent = Double.nan
    var residentBeforeMB = Double.nan
    var residentAfterMB = Double.nan
    var setupSeconds = 0.0
  }

  func run() async throws -> Outcome {
    var outcome = Outcome()
    let first = try await TodoService.open(location)
    defer { try? first.close() }
    // The due reminders' moments start a few seconds after the store is filled: the
    // schedulers are all up and asleep by then.
    let setupStart = Date()
    let moments = try await fill(first)
    outcome.setupSeconds = Date().timeIntervalSince(setupStart)

    var services = [first]
    for _ in 1..<options.servers { services.append(try await TodoService.open(location)) }
    defer { for service in services.dropFirst() { try? service.close() } }

    let deliveries = Deliveries()
    let allFired = AsyncStream<Void>.makeStream()
    let dueCount = options.due
    let tasks = services.map { service in
      Task {
        let scheduler = ReminderScheduler(service: service) { fired in
          let now = Date()
          let count = deliveries.times.withLock { seen in
            for reminder in fired { seen[reminder.id, default: []].append(now) }
            return seen.count
          }
          if count >= dueCount { allFired.continuation.yield() }
        }
        try? await scheduler.run()
      }
    }
    defer { for task in tasks { task.cancel() } }
    outcome.residentBeforeMB = Double(ResidentMemory.bytes ?? 0) / 1_048_576

    // Every due reminder delivered, or the window and a minute's grace gone by.
    let last = moments.values.max() ?? Date()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await _ in allFired.stream { return }
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(last.timeIntervalSinceNow + 60))
      }
      await group.next()
      group.cancelAll()
    }

    let seen = deliveries.times.withLock { $0 }
    var lateness: [Double] = []
    for (id, moment) in moments {
      guard let times = seen[id] else {
        outcome.missed += 1
        continue
      }
      if times.count > 1 { outcome.twice += 1 }
      lateness.append(times[0].timeIntervalSince(moment) * 1_000)
    }
    outcome.fired = seen.count
    outcome.p50 = Measure.percentile(lateness, 0.50)
    outcome.p99 = Measure.percentile(lateness, 0.99)
    outcome.max = lateness.max() ?? .nan

    // Idle: nothing due for days, the schedulers asleep.
    if options.settle > 0 { try await Task.sleep(for: .seconds(options.settle)) }
    let cpuBefore = LoadGenerator.CPUSampler.processCPUSeconds()
    let idleStart = ContinuousClock.now
    try await Task.sleep(for: .seconds(options.idle))
    let idleSeconds = (ContinuousClock.now - idleStart).milliseconds / 1_000
    outcome.idleCPUPercent =
      (LoadGenerator.CPUSampler.processCPUSeconds() - cpuBefore) / idleSeconds * 100
    outcome.residentAfterMB = Double(ResidentMemory.bytes ?? 0) / 1_048_576
    return outcome
  }

  /// Stores the reminders on todos (twenty to a todo, as one person may set): first those
  /// days away, then the `due` ones at moments spread over the window that starts ten seconds
  /// after, so that a slow store's filling never makes them late. Returns the due ones'
  /// moments.
  private func fill(_ service: TodoService) async throws -> [UUID: Date] {
    let later = Date()
    try await store(options.reminders - options.due, service: service) { number in
      later.addingTimeInterval(86_400 * Double(2 + number % 30) + Double(number))
    }
    let start = Date().addingTimeInterval(10)
    let spacing = Double(options.window) / Double(options.due)
    return try await store(options.due, service: service) { number in
      start.addingTimeInterval(Double(number) * spacing)
    }
  }

  /// Stores `count` armed reminders at the moments `moment(n)` gives, in writes of 2,000.
  @discardableResult
  private func store(
    _ count: Int, service: TodoService, moment: (Int) -> Date
  ) async throws -> [UUID: Date] {
    var moments: [UUID: Date] = [:]
    var index = 0
    while index < count {
      let size = min(2_000, count - index)
      let todos: [Todo] = stride(from: 0, to: size, by: 20).map { _ in
        Todo(
          listID: TodoList.inboxID, title: "Reminded", order: try! OrderKey.between(nil, nil),
          createdAt: Date(), updatedAt: Date())
      }
      let rows: [Reminder] = (0..<size).map { offset in
        let at = moment(index + offset)
        var reminder = Reminder(
          todoID: todos[offset / 20].id, accountID: nil, trigger: .at(at), createdAt: Date())
        reminder.fireAt = at
        moments[reminder.id] = at
        return reminder
      }
      try await service.container.write { tx in
        for todo in todos { try tx.insert(todo) }
        for reminder in rows { try tx.insert(reminder) }
      }
      index += size
    }
    return moments
  }
}

/// When each reminder was delivered, by every scheduler.
private final class Deliveries: Sendable {
  let times = Mutex<[UUID: [Date]]>([:])
}
