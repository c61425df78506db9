import Foundation
import ICalendar

/// A member of a shared list as a calendar names them: an `ATTENDEE` of a `VTODO`, which
/// RFC 5545 (3.8.4.1) reads, in a to-do, as someone it is assigned to.
///
/// On a server with accounts, a todo's assignee is its `ATTENDEE`: a client's `GET` has the
/// member's line (their address as `mailto:` when their account has one, else their account
/// as `urn:uuid:`, and their name as `CN`); a `PUT` assigns the todo to the first member its
/// `ATTENDEE`s name (by account, address or name), unassigns it when they name no member, and
/// leaves it as it was when it has none (a client that drops what it does not show must not
/// unassign).
public struct CalendarAssignee: Sendable, Hashable {
  /// The member's account.
  public var accountID: UUID
  /// Their name.
  public var name: String
  /// Their address, if their account has one.
  public var email: String?

  /// A member.
  public init(accountID: UUID, name: String, email: String? = nil) {
    self.accountID = accountID
    self.name = name
    self.email = email
  }

  /// The `ATTENDEE` line naming this member.
  var line: ContentLine {
    let address = email.map { "mailto:" + $0 } ?? "urn:uuid:" + accountID.uuidString.lowercased()
    return ContentLine(
      name: "ATTENDEE",
      parameters: [
        PropertyParameter(name: "CN", values: [name]),
        PropertyParameter(name: "ROLE", values: ["REQ-PARTICIPANT"]),
      ], value: address)
  }

  /// Whether `line` (an `ATTENDEE`) names this member: by account, else by address or by
  /// name (`CN`), without case. An address the member's account lacks still names them by
  /// name: a phone knows people by the address in its own contacts.
  func isNamed(by line: ContentLine) -> Bool {
    let value = line.value.trimmingCharacters(in: .whitespaces)
    if let id = Self.account(in: value) { return id == accountID }
    if let address = Self.address(in: value), let email,
      email.caseInsensitiveCompare(address) == .orderedSame
    {
      return true
    }
    let common = line.parameter(named: "CN")?.values.first
    return common.map { $0.caseInsensitiveCompare(name) == .orderedSame } ?? false
  }

  /// The member the first of `lines` (the `ATTENDEE`s of a `VTODO`) that names one names,
  /// among `members`; `nil` when none does.
  static func named(by lines: [ContentLine], among members: [CalendarAssignee])
    -> CalendarAssignee?
  {
    for line in lines where line.hasName("ATTENDEE") {
      if let member = members.first(where: { $0.isNamed(by: line) }) { return member }
    }
    return nil
  }

  private static func account(in value: String) -> UUID? {
    guard value.lowercased().hasPrefix("urn:uuid:") else { return nil }
    return UUID(uuidString: String(value.dropFirst(9)))
  }

  private static func address(in value: String) -> String? {
    guard value.lowercased().hasPrefix("mailto:") else { return nil }
    return String(value.dropFirst(7))
  }
}

extension TodoCalendar {
  /// What a resource's `VTODO` says of its assignee.
  public enum AssigneeLines: Sendable, Hashable {
    /// Nothing mapped: a server without accounts keeps a client's `ATTENDEE`s as they were.
    case kept
    /// The todo's assignee, if any: a client's `ATTENDEE`s give way to its line.
    case assignee(CalendarAssignee?)
  }

  /// `properties` (what the todo keeps of its client's `VTODO`) with the `ATTENDEE` of
  /// `lines`.
  static func applyAssignee(_ lines: AssigneeLines, to properties: inout [ContentLine]) {
    guard case .assignee(let assignee) = lines else { return }
    properties.removeAll { $0.hasName("ATTENDEE") }
    if let assignee { properties.append(assignee.line) }
  }
}
