import Foundation
import Persistence

/// One reminder of a todo for one person: at a moment ("27 Nov 09:00"), or at a distance from
/// the todo's deadline ("10 minutes before"), as Apple Reminders' alerts and a calendar's
/// `VALARM`s are.
///
/// A reminder is kept in the store with the next moment it fires (``fireAt``), which the
/// store's rules keep current whenever its todo changes (a new deadline, a repeating todo
/// moving on, the todo done or trashed): the server's scheduler sleeps until the earliest
/// ``fireAt`` of all reminders and fires each once, across servers, because firing is a
/// write under the store's write lock. A fired reminder rings (``ringingSince``) in every
/// page and terminal of its person until they snooze or dismiss it, or the todo is done.
@Entity("reminder")
public struct Reminder: Hashable, Sendable {
  /// The identifier.
  public var id: UUID
  /// The todo it reminds of.
  public var todoID: UUID
  /// Whom it reminds: the account that set it, or `nil` on a server without accounts.
  public var accountID: UUID?
  /// The moment it fires, for a reminder at a moment; `nil` for one relative to the deadline.
  public var at: Date?
  /// Seconds from the deadline, for a reminder relative to it (negative before, as a
  /// `VALARM`'s `TRIGGER`): -600 is "10 minutes before". A deadline without a time counts
  /// from the start of its day, as calendar apps do.
  public var offset: Int?
  /// When a snoozed reminder rings again.
  public var snoozedUntil: Date?
  /// The moment of the occurrence it last fired for: a reminder relative to the deadline of a
  /// repeating todo fires again when the todo moves on to a new deadline.
  public var firedFor: Date?
  /// The next moment it fires, or `nil` while it has nothing left to fire for (the store's
  /// rules set it; see ``Reminder/armed(for:in:)``).
  public var fireAt: Date?
  /// When it last fired, while it rings (not yet snoozed or dismissed); `nil` otherwise.
  public var ringingSince: Date?
  /// `true` when it last fired late (its server was stopped at its time); `nil` otherwise.
  public var late: Bool?
  /// When it was set.
  public var createdAt: Date
  /// The `VALARM` a calendar client wrote for it, as it wrote it: written back to that
  /// person's clients line for line (with its `TRIGGER` as the reminder has it now).
  public var calendarText: String?
  /// The store's version: firing is a versioned write, so two servers never fire it twice.
  @StoreVersion public var version: Version

  /// Creates a reminder value; ``TodoService/addReminder(to:_:)`` stores one with validation.
  public init(
    id: UUID = UUID(), todoID: UUID, accountID: UUID?, trigger: ReminderTrigger,
    createdAt: Date
  ) {
    self.id = id
    self.todoID = todoID
    self.accountID = accountID
    self.createdAt = createdAt
    self.version = .initial
    self.trigger = trigger
  }

  /// When it fires: at a moment, or at a distance from the deadline.
  public var trigger: ReminderTrigger {
    get {
      if let at { return .at(at) }
      return .relative(seconds: offset ?? 0)
    }
    set {
      switch newValue {
      case .at(let date):
        at = date
        offset = nil
      case .relative(let seconds):
        at = nil
        offset = seconds
      }
    }
  }
}

extension Reminder {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable([
          "todoID", "accountID", "at", "offset", "snoozedUntil", "firedFor", "fireAt",
          "ringingSince", "late", "createdAt",
        ]),
        .createIndex("reminder_todo", on: ["todoID"]),
        .createIndex("reminder_fire_at", on: ["fireAt"]),
        .createIndex("reminder_ringing", on: ["accountID", "ringingSince"]),
      ]),
    Migration("calendar text", [.addColumn("calendarText")]),
  ]
}
