/// A CalDAV request that cannot be done as asked; nothing was written. The server answers each
/// with the status and the precondition element RFC 4791 and RFC 6578 name.
public enum CalendarError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `If-Match` or `If-None-Match` does not hold (412): the resource changed, or exists.
  case preconditionFailed(String)
  /// Another resource of the calendar has this `UID` (403 `no-uid-conflict`); `name` is its
  /// name.
  case uidConflict(uid: String, name: String)
  /// The body is not one iCalendar object with one `VTODO` (403
  /// `valid-calendar-object-resource` / `supported-calendar-data`).
  case invalidCalendarObject(String)
  /// The object is not a `VTODO` (403 `supported-calendar-component`).
  case unsupportedComponent(String)
  /// A sync token this store did not give, or whose changes it no longer keeps (403
  /// `valid-sync-token`): the client syncs again from the start.
  case invalidSyncToken

  public var description: String {
    switch self {
    case .preconditionFailed(let reason): reason
    case .uidConflict(let uid, let name): "the calendar has UID \(uid) already, in \(name)"
    case .invalidCalendarObject(let reason): "not a calendar object: \(reason)"
    case .unsupportedComponent(let name): "\(name) is not supported here: only VTODO"
    case .invalidSyncToken: "the sync token is unknown or too old; sync from the start"
    }
  }
}
