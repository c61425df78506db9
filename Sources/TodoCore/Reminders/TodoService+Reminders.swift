import Foundation
import Persistence

// MARK: - Setting reminders

extension TodoService {
  /// The most reminders one person may set on one todo.
  public static let maximumRemindersPerTodo = 20

  /// The person's reminders of a todo, the soonest first.
  ///
  /// - Throws: `TodoError.notFound` for a todo the principal cannot see.
  public func reminders(of todoID: UUID) async throws -> [Reminder] {
    try await read { tx in
      let todo = try self.liveTodo(id: todoID, need: .read, in: tx)
      let mine = try tx.fetch(
        FetchRequest(filter: Reminder.todoIDAttribute == todoID && self.ownReminders))
      let zone = self.timeZone
      let due = try self.calendarDue(of: [todo], in: tx)[todo.id]
      return mine.sorted {
        let (left, right) = (
          $0.trigger.moment(deadline: todo.deadline, in: zone, due: due) ?? .distantFuture,
          $1.trigger.moment(deadline: todo.deadline, in: zone, due: due) ?? .distantFuture
        )
        return left == right ? $0.createdAt < $1.createdAt : left < right
      }
    }
  }

  /// Sets a reminder on a todo for the person the service acts for. Setting one the todo
  /// already has for them returns that one.
  ///
  /// - Parameters:
  ///   - todoID: The todo, which the principal may read (a viewer of a shared list may
  ///     remind themselves).
  ///   - trigger: When it fires.
  /// - Returns: The stored reminder, armed (``Reminder/fireAt``).
  /// - Throws: `TodoError.validation` on `reminder` for a moment that has passed, a reminder
  ///   relative to the deadline of a todo without one or more than a year from it, a todo
  ///   that is done, a repeating todo whose series ends before the moment, or one reminder too
  ///   many; `notFound` for a todo the principal cannot see.
  public func addReminder(to todoID: UUID, _ trigger: ReminderTrigger) async throws -> Reminder {
    try await write { tx in
      // Read in the transaction: a token's principal is known once it was checked there.
      let accountID = self.principal?.accountID
      let todo = try self.liveTodo(id: todoID, need: .read, in: tx)
      let now = self.now()
      try Self.validate(trigger, of: todo, now: now)
      let mine = try tx.fetch(
        FetchRequest(filter: Reminder.todoIDAttribute == todoID && self.ownReminders))
      if let same = mine.first(where: { $0.trigger == trigger }) { return same }
      guard mine.count < Self.maximumRemindersPerTodo else {
        throw TodoError.validation(
          field: "reminder",
          message: "a todo has at most \(Self.maximumRemindersPerTodo) reminders")
      }
      let reminder = Reminder(
        todoID: todoID, accountID: accountID, trigger: trigger, createdAt: now)
      try self.touchCalendar(of: todoID, in: tx)
      return try tx.insert(try self.armed(reminder, for: todo, in: tx))
    }
  }

  /// Removes one of the person's reminders.
  ///
  /// - Throws: `TodoError.notFound` for a reminder that is not theirs or is gone.
  public func removeReminder(id: UUID) async throws {
    try await write { tx in
      let reminder = try self.ownReminder(id: id, in: tx)
      try tx.delete(reminder)
      try self.touchCalendar(of: reminder.todoID, in: tx)
    }
  }

  /// Rings one of the person's reminders again later: it stops ringing now and fires again at
  /// the snooze's end.
  ///
  /// - Returns: The snoozed reminder.
  /// - Throws: `TodoError.notFound` for a reminder that is not theirs; `TodoError.validation`
  ///   on `reminder` for a todo that is done.
  @discardableResult
  public func snoozeReminder(id: UUID, _ snooze: ReminderSnooze) async throws -> Reminder {
    try await write { tx in
      var reminder = try self.ownReminder(id: id, in: tx)
      let todo = try tx.object(Todo.self, id: reminder.todoID)
      guard let todo, !todo.isTrashed, todo.status != .done else {
        throw TodoError.validation(field: "reminder", message: "the todo is done")
      }
      reminder.snoozedUntil = snooze.end(after: self.now(), in: self.timeZone)
      reminder.ringingSince = nil
      reminder.late = nil
      return try tx.update(try self.armed(reminder, for: todo, in: tx))
    }
  }

  /// Stops one of the person's reminders ringing, until its next occurrence.
  ///
  /// - Throws: `TodoError.notFound` for a reminder that is not theirs.
  public func dismissReminder(id: UUID) async throws {
    try await write { tx in
      var reminder = try self.ownReminder(id: id, in: tx)
      guard reminder.ringingSince != nil || reminder.snoozedUntil != nil else { return }
      reminder.ringingSince = nil
      reminder.late = nil
      reminder.snoozedUntil = nil
      let todo = try tx.object(Todo.self, id: reminder.todoID)
      try tx.update(try self.armed(reminder, for: todo, in: tx))
    }
  }

  // MARK: - Rules

  /// The principal's reminders: an account's own, or, without accounts, those of nobody.
  var ownReminders: Filter<Reminder> {
    guard let principal else { return Reminder.accountIDAttribute.isNil }
    return Reminder.accountIDAttribute == principal.accountID
  }

  /// One of the principal's reminders, of a todo it may still read.
  func ownReminder(id: UUID, in tx: ReadTransaction) throws -> Reminder {
    guard let reminder = try tx.object(Reminder.self, id: id),
      reminder.accountID == principal?.accountID
    else { throw TodoError.notFound(entity: "reminder", id: id.uuidString) }
    _ = try liveTodo(id: reminder.todoID, need: .read, in: tx)
    return reminder
  }

  /// `reminder` armed for `todo` (``Reminder/armed(for:in:due:)``) in its person's zone, from
  /// the due moment a calendar client gave, if any.
  func armed(_ reminder: Reminder, for todo: Todo?, in tx: ReadTransaction) throws -> Reminder {
    let due = try todo.flatMap { try calendarDue(of: [$0], in: tx)[$0.id] }
    return reminder.armed(for: todo, in: try zone(of: reminder.accountID, in: tx), due: due)
  }

  /// The time zone a person's deadlines are read in: their account's, else the server's.
  func zone(of accountID: UUID?, in tx: ReadTransaction) throws -> TimeZone {
    guard let accountID, let name = try tx.object(Account.self, id: accountID)?.timeZone else {
      return .current
    }
    return TimeZone(identifier: name) ?? .current
  }

  /// Checks a new reminder against its todo.
  static func validate(_ trigger: ReminderTrigger, of todo: Todo, now: Date) throws {
    guard todo.status != .done else {
      throw TodoError.validation(field: "reminder", message: "the todo is done")
    }
    switch trigger {
    case .at(let date):
      // A minute's grace: "now" typed on a slow phone is still now.
      guard date >= now.addingTimeInterval(-60) else {
        throw TodoError.validation(field: "reminder", message: "that time has passed")
      }
      if let until = todo.recurrence?.rule.until, let end = TodoCalendar.instant(until),
        date > end.addingTimeInterval(until.isDate ? 86_400 : 0)
      {
        throw TodoError.validation(
          field: "reminder", message: "the todo's series ends before that time")
      }
    case .relative(let seconds):
      guard todo.deadline != nil else {
        throw TodoError.validation(
          field: "reminder", message: "a reminder before or after the deadline needs a deadline")
      }
      guard abs(seconds) <= ReminderTrigger.maximumOffset else {
        throw TodoError.validation(
          field: "reminder", message: "a reminder is at most a year from the deadline")
      }
    }
  }

  /// Keeps the reminders of every todo the transaction wrote armed for the todo's new state
  /// (a deadline moved, a repeating todo moved on, the todo done, trashed or restored): the
  /// rule runs in every write of the service, whichever operation wrote the todo.
  ///
  /// A todo the transaction created has no reminders but those set with it, which their
  /// writer arms: only todos that existed before are looked at.
  ///
  /// - Complexity: One query for the written todos' reminders; nothing when no todo that
  ///   existed before was written (a create).
  func rearmReminders(in tx: WriteTransaction) throws {
    let todos = tx.written(Todo.self, existingOnly: true)
    guard !todos.isEmpty else { return }
    let byID = Dictionary(todos.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    let reminders = try tx.fetch(
      FetchRequest(filter: Reminder.todoIDAttribute.isIn(byID.keys)))
    guard !reminders.isEmpty else { return }
    let dues = try calendarDue(of: todos, in: tx)
    var zones: [UUID?: TimeZone] = [:]
    for reminder in reminders {
      let zone = try zones[reminder.accountID] ?? zone(of: reminder.accountID, in: tx)
      zones[reminder.accountID] = zone
      let armed = reminder.armed(
        for: byID[reminder.todoID], in: zone, due: dues[reminder.todoID])
      if armed != reminder { try tx.update(armed, from: reminder) }
    }
  }
}

extension TodoService {
  /// When a reminder fires, as the person reads it, in their zone ("10 minutes before",
  /// "Tomorrow 09:00").
  public func label(of reminder: Reminder) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return reminder.trigger.label(relativeTo: now(), in: calendar)
  }
}
