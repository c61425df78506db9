import Foundation
import Logging
import Synchronization

/// Fires the reminders of a todo store at their moments: what `todo serve` (and `todo tui` on
/// a database) runs beside its pages.
///
/// It sleeps until the earliest armed reminder of the store, and is woken early by every
/// commit that changes reminders (from this process, another one on the same file, or
/// another server on the same PostgreSQL database, through the change pipeline), so it never
/// polls. Firing is one write under the store's write lock
/// (``TodoService/fireDueReminders()``): with several servers on one database, each reminder
/// fires once. Started after a stop, it fires at once what fell due meanwhile, marked late.
///
/// ```swift
/// let scheduler = ReminderScheduler(service: service) { fired in mail(fired) }
/// try await scheduler.run()   // until cancelled
/// ```
public struct ReminderScheduler: Sendable {
  /// The longest sleep: a clock set forward by hand is noticed within it.
  static let longestSleep: TimeInterval = 900
  /// How soon it tries again after the database was unreachable (unless a commit, once it is
  /// back, wakes it sooner).
  static let retryAfter: TimeInterval = 10

  let service: TodoService
  let deliver: @Sendable ([RingingReminder]) async -> Void
  let scheduled: @Sendable (Int) -> Void
  let clock: any Clock<Duration>
  let logger = Logger(label: "todo.reminders")

  /// Creates a scheduler.
  ///
  /// - Parameters:
  ///   - service: The store, acting for nobody in particular (every person's reminders).
  ///   - clock: What it sleeps on; its moments are read from the service's clock.
  ///   - deliver: Called with the reminders of each firing, after it committed, for the
  ///     deliveries that are not a page's (e-mail). Pages and terminals see them ring through
  ///     their observation.
  ///   - scheduled: Called with the number of reminders armed to fire when the scheduler
  ///     starts and each time it changes (a server's gauge).
  public init(
    service: TodoService, clock: any Clock<Duration> = ContinuousClock(),
    deliver: @escaping @Sendable ([RingingReminder]) async -> Void = { _ in },
    scheduled: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.service = service
    self.clock = clock
    self.scheduled = scheduled
    self.deliver = deliver
  }

  /// Fires reminders until the task is cancelled.
  ///
  /// - Throws: What the store throws, other than its being unreachable for a while (then it
  ///   tries again when the change pipeline is back, or after its longest sleep).
  public func run() async throws {
    let next = NextMoment()
    let changes = service.observeReminderSchedule()
    let scheduled = self.scheduled
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        var first = true
        var known: Date?
        for try await schedule in changes {
          scheduled(schedule.armed)
          // Only a new first moment wakes the loop: a reminder armed later than it changes
          // nothing the loop waits for.
          if first || schedule.next != known { next.set(schedule.next) }
          (first, known) = (false, schedule.next)
        }
      }
      group.addTask { try await self.loop(next) }
      try await group.next()
      group.cancelAll()
    }
  }

  private func loop(_ next: NextMoment) async throws {
    // The observation's first value says the store is open and observed.
    await next.changed()
    while !Task.isCancelled {
      var wait: TimeInterval
      do {
        var fired: [RingingReminder]
        repeat {
          fired = try await service.fireDueReminders()
          if !fired.isEmpty {
            let late = fired.count(where: \.late)
            logger.info("fired \(fired.count) reminder(s)\(late > 0 ? ", \(late) late" : "")")
            await deliver(fired)
          }
        } while fired.count == TodoService.reminderBatch
        // Read, not taken from the observation: it may not have seen this firing yet.
        let moment = try await service.nextReminderMoment()
        wait = moment.map { $0.timeIntervalSince(service.now()) } ?? Self.longestSleep
      } catch TodoError.unavailable(let reason) {
        logger.warning("reminders wait for the database: \(reason)")
        wait = Self.retryAfter
      }
      guard wait > 0 else { continue }
      await sleep(min(wait, Self.longestSleep), orUntil: next)
    }
  }

  /// Sleeps `seconds`, or less if the next moment changes meanwhile.
  private func sleep(_ seconds: TimeInterval, orUntil next: NextMoment) async {
    let clock = self.clock
    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await clock.sleep(for: .milliseconds(Int64(seconds * 1_000))) }
      group.addTask { await next.changed() }
      await group.next()
      group.cancelAll()
    }
  }
}

/// A wakeup for the scheduler each time the observation of the next armed reminder says
/// something.
private final class NextMoment: Sendable {
  private struct State {
    var pending = false
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  func set(_ moment: Date?) {
    let waiter = state.withLock { state in
      defer { state.waiter = nil }
      if state.waiter == nil { state.pending = true }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Returns once the moment was set since the last call, or when the task is cancelled.
  func changed() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state in
          if state.pending || Task.isCancelled {
            state.pending = false
            return true
          }
          state.waiter = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }
  }
}
