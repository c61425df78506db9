import Foundation
import Persistence
import Synchronization

// MARK: - Firing and ringing

extension TodoService {
  /// How long after its moment a reminder counts as late (its server was stopped, or busy).
  public static let reminderGrace: TimeInterval = 60

  /// The most reminders one firing writes; more due at once fire in several.
  public static let reminderBatch = 1_000

  /// The earliest armed reminder first, alone: what the scheduler sleeps until. Observed, it
  /// yields a new value after every commit that changes reminders, from any process or
  /// server.
  static let nextReminder = FetchRequest<Reminder>(
    filter: Reminder.fireAtAttribute.isNotNil, sortedBy: [Reminder.fireAtAttribute.ascending],
    limit: 1)

  /// The moment the next reminder of anyone fires, if one is armed.
  public func nextReminderMoment() async throws -> Date? {
    try await read { tx in try tx.fetch(Self.nextReminder).first?.fireAt }
  }

  /// Fires every reminder whose moment has come (up to ``reminderBatch``), in one write: each
  /// starts ringing, marked late when its moment is more than ``reminderGrace`` ago, and is
  /// armed for its next occurrence, if any.
  ///
  /// The write holds the store's write lock (`BEGIN IMMEDIATE` on SQLite, an advisory lock on
  /// PostgreSQL) and reads the due reminders under it, so servers that fire at the same
  /// moment fire each reminder once: the second finds it fired.
  ///
  /// - Returns: The reminders it fired, with their todos, for the deliveries that are not a
  ///   page's (e-mail); pages and terminals see them ring through their observation.
  public func fireDueReminders() async throws -> [RingingReminder] {
    try await write { tx in
      let now = self.now()
      let due = try tx.fetch(
        FetchRequest(
          filter: Reminder.fireAtAttribute <= now,
          sortedBy: [Reminder.fireAtAttribute.ascending], limit: Self.reminderBatch))
      var fired: [RingingReminder] = []
      var zones: [UUID?: TimeZone] = [:]
      // The batch's todos and their calendars' due moments, each read once.
      let todos = try Self.todos(ids: Set(due.map(\.todoID)), in: tx)
      let dues = try self.calendarDue(of: Array(todos.values), in: tx)
      for reminder in due {
        guard let moment = reminder.fireAt else { continue }
        let todo = todos[reminder.todoID]
        let zone = try zones[reminder.accountID] ?? self.zone(of: reminder.accountID, in: tx)
        zones[reminder.accountID] = zone
        var next = reminder
        if next.snoozedUntil == nil { next.firedFor = moment }
        next.snoozedUntil = nil
        next = next.armed(for: todo, in: zone, due: dues[reminder.todoID])
        guard let todo, !todo.isTrashed, todo.status != .done else {
          // Its todo is gone or done: nothing to ring, and it stays disarmed.
          try tx.update(next, expectedVersion: reminder.version)
          continue
        }
        next.ringingSince = now
        next.late = now.timeIntervalSince(moment) > Self.reminderGrace ? true : nil
        try tx.update(next, expectedVersion: reminder.version)
        fired.append(RingingReminder(next, of: todo, since: now))
      }
      return fired
    }
  }

  /// The todos with these identifiers, by identifier, read in slices of 500.
  static func todos(ids: Set<UUID>, in tx: ReadTransaction) throws -> [UUID: Todo] {
    var found: [UUID: Todo] = [:]
    let all = Array(ids)
    var start = 0
    while start < all.count {
      let slice = Array(all[start..<min(start + 500, all.count)])
      for todo in try tx.fetch(FetchRequest<Todo>(filter: Todo.idAttribute.isIn(slice))) {
        found[todo.id] = todo
      }
      start += 500
    }
    return found
  }

  /// The person's reminders that ring now, the oldest first, with their todos: those of
  /// todos they may still read.
  public func ringingReminders() async throws -> [RingingReminder] {
    try await read { tx in
      let ringing = try tx.fetch(
        FetchRequest(
          filter: self.ownReminders && Reminder.ringingSinceAttribute.isNotNil,
          sortedBy: [Reminder.ringingSinceAttribute.ascending]))
      return ringing.compactMap { reminder in
        guard let since = reminder.ringingSince,
          let todo = try? self.liveTodo(id: reminder.todoID, need: .read, in: tx)
        else { return nil }
        return RingingReminder(reminder, of: todo, since: since)
      }
    }
  }

  /// The person's ringing reminders (``ringingReminders()``): the current ones first, then
  /// again after every commit that changes them, from this process, another one, or another
  /// server.
  public func observeRingingReminders() -> AsyncThrowingStream<[RingingReminder], any Error> {
    ringingFeed().values()
  }

  /// What ``observeRingingReminders()`` yields, as a ``Feed``: the observation calls back,
  /// and a short task reads the reminders after each change (one read at a time), so no task
  /// waits while nothing rings.
  public func ringingFeed() -> Feed<[RingingReminder]> {
    Feed { [self] onValue, onEnd in
      // A page starts with nothing ringing: only a change is news.
      let last = Mutex<[RingingReminder]>([])
      let reads = SerialWork {
        do {
          let ringing = try await self.ringingReminders()
          let changed = last.withLock { last in
            defer { last = ringing }
            return last != ringing
          }
          if changed { onValue(ringing) }
        } catch {
          onEnd(error)
        }
      }
      let subscription = Mutex<(stopped: Bool, observation: ObservationSubscription?)>((false, nil))
      let start = Task {
        do {
          // Whose reminders: a token's principal is known once a transaction checked it.
          let mine = try await self.read { _ in self.ownReminders }
          let observation = self.container.viewContext.subscribe(
            FetchRequest(filter: mine && Reminder.ringingSinceAttribute.isNotNil),
            pacing: Self.pagePacing, onValue: { _ in reads.request() }, onEnd: onEnd)
          let kept = subscription.withLock { subscription in
            if !subscription.stopped { subscription.observation = observation }
            return !subscription.stopped
          }
          if !kept { observation.cancel() }
        } catch is CancellationError {
        } catch {
          onEnd(error)
        }
      }
      return {
        start.cancel()
        subscription.withLock { subscription in
          subscription.stopped = true
          return subscription.observation.take()
        }?.cancel()
      }
    }
  }

  /// The armed reminders of everyone: how many, and the moment of the first, each time
  /// either changes (the scheduler's wakeups and a server's gauge). Every armed reminder is
  /// observed, not just the first, so that one armed later is counted too.
  func observeReminderSchedule() -> AsyncThrowingStream<(armed: Int, next: Date?), any Error> {
    let observed = container.viewContext.observe(
      FetchRequest<Reminder>(
        filter: Reminder.fireAtAttribute.isNotNil, sortedBy: [Reminder.fireAtAttribute.ascending]))
    return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task {
        do {
          for try await results in observed {
            continuation.yield((results.objects.count, results.objects.first?.fireAt))
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
