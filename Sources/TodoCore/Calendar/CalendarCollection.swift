import Foundation

/// A list as a CalDAV calendar collection: what discovery and `PROPFIND` report of it.
public struct CalendarCollection: Sendable, Hashable {
  /// The list's identifier.
  public var id: UUID
  /// The collection's path segment in the principal's calendar home: the one the owner
  /// created it at (``TodoService/createCalendar(segment:settings:)``), else the identifier.
  public var segment: String
  /// The list's name (`displayname`).
  public var name: String
  /// The colour a client gave the calendar, if any.
  public var color: String?
  /// Its sort key (`calendar-order`): the one a client gave it, else its place among the
  /// lists the principal sees, from 1.
  public var order: Int
  /// The description a client gave it (`calendar-description`), if any.
  public var summary: String?
  /// The time zone a client gave it (`calendar-timezone`), if any: a `VCALENDAR` with one
  /// `VTIMEZONE`.
  public var timeZone: String?
  /// Whether the principal may change the todos in it (false for a viewer of a shared list or
  /// a read-only token).
  public var writable: Bool
  /// Whether the principal owns it (may rename, recolour, reorder or delete it).
  public var owned: Bool
}

/// One todo as a CalDAV resource: its name in its calendar, its ETag and its `VCALENDAR`.
public struct CalendarResource: Sendable, Hashable {
  /// The resource's name in its collection (`….ics`).
  public var name: String
  /// The resource's ETag (quoted): the todo's version, and what its reminders and its
  /// assignee's `ATTENDEE` say.
  public var etag: String
  /// The todo.
  public var todo: Todo
  /// What it keeps of the calendar object it came from.
  public var data: CalendarData?
  /// The reader's reminders of the todo, its `VALARM`s.
  public var reminders: [Reminder]
  /// For a subtask, the `UID` of its parent (its `RELATED-TO;RELTYPE=PARENT`).
  public var parentUID: String?
  /// Its assignee's `ATTENDEE`, on a server with accounts (``CalendarAssignee``).
  let assignee: TodoCalendar.AssigneeLines

  /// The resource's body: one `VCALENDAR` with the todo's `VTODO` (with a `VALARM` for each
  /// of the reader's reminders) and the time zones it uses.
  public var text: String {
    TodoCalendar.calendar(
      [(todo, data)], now: todo.updatedAt, alarms: [todo.id: reminders],
      parentUIDs: parentUID.map { [todo.id: $0] } ?? [:], assignees: [todo.id: assignee])
  }

  /// The name of a todo's resource.
  static func name(of todo: Todo, data: CalendarData?) -> String {
    data?.resourceName ?? "\(todo.id.uuidString.lowercased()).ics"
  }

  /// The ETag of a todo's version with these reminders and this assignee: the version alone
  /// without either, so that a resource neither touched keeps the ETag it always had; with
  /// them, a digest of what their `VALARM`s say (not of their firing) and of the assignee's
  /// `ATTENDEE` (their name and address), so that a reminder set or removed anywhere, or an
  /// assignee's new address, is a change a client fetches.
  static func etag(
    of todo: Todo, reminders: [Reminder], assignee: TodoCalendar.AssigneeLines = .kept
  ) -> String {
    var lines = reminders.map { "\($0.id) \($0.trigger) \($0.calendarText ?? "")" }.sorted()
    if case .assignee(let assignee?) = assignee {
      lines.append("ATTENDEE \(assignee.accountID) \(assignee.name) \(assignee.email ?? "")")
    }
    guard !lines.isEmpty else { return "\"\(todo.version)\"" }
    // FNV-1a: the same in every process, unlike Hasher.
    var digest: UInt32 = 2_166_136_261
    for line in lines {
      for byte in line.utf8 {
        digest = (digest ^ UInt32(byte)) &* 16_777_619
      }
    }
    return "\"\(todo.version)-\(String(digest, radix: 16))\""
  }

  init(
    todo: Todo, data: CalendarData?, reminders: [Reminder] = [], parentUID: String? = nil,
    assignee: TodoCalendar.AssigneeLines = .kept
  ) {
    self.name = Self.name(of: todo, data: data)
    self.etag = Self.etag(of: todo, reminders: reminders, assignee: assignee)
    self.todo = todo
    self.data = data
    self.reminders = reminders
    self.parentUID = parentUID
    self.assignee = assignee
  }
}

/// What changed in a calendar since a sync token.
public struct CalendarChanges: Sendable {
  /// The resources added or changed, as they are now.
  public var changed: [CalendarResource]
  /// The names of the resources that left (trashed, moved away, deleted).
  public var removed: [String]
  /// The token of this state.
  public var token: ChangeSequence
  /// Where the rest goes on, when the answer was cut at its limit (RFC 6578 3.6): ask again
  /// from the same token with this page.
  public var next: CalendarSyncPage? = nil
}

/// Where a sync answer cut at its limit goes on: the state the whole answer reflects, and the
/// name of the last resource sent (an answer sends its resources by name).
public struct CalendarSyncPage: Sendable, Hashable {
  /// The store's change sequence the whole answer reflects: the token once it is complete.
  public var through: ChangeSequence
  /// The name of the last resource sent.
  public var afterName: String

  /// A page going on after `afterName`, of the answer as of `through`.
  public init(through: ChangeSequence, afterName: String) {
    self.through = through
    self.afterName = afterName
  }
}
