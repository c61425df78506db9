import Foundation
import Persistence

/// The outline groups and parents a person collapsed, kept for their next page, in their
/// other tabs after a reload, and on their other devices.
///
/// One per person: the account's identifier, or ``localID`` on a server without accounts.
@Entity("outline_state")
public struct OutlineState: Hashable {
  /// The person's account identifier, or ``localID``.
  public var id: UUID
  /// The collapsed groups (`group:undone`, `group:done`) and parents (by identifier), one a
  /// line, the most recently collapsed last.
  public var collapsed: String = ""
}

extension OutlineState {
  /// The identifier of the one person of a server without accounts.
  public static let localID = UUID(uuidString: "00000000-0000-4000-8000-00000000c011")!

  /// The most groups a person keeps collapsed: past it, the ones collapsed longest ago open.
  public static let limit = 2_000

  /// The collapsed groups, the most recently collapsed last.
  var groups: [String] {
    get { collapsed.split(separator: "\n").map(String.init) }
    set { collapsed = newValue.joined(separator: "\n") }
  }

  /// Whether `group` names something the outline can collapse: an outline group or a todo.
  static func isGroup(_ group: String) -> Bool {
    group == "group:undone" || group == "group:done" || UUID(uuidString: group) != nil
  }

  public static let migrations: [Migration] = [
    Migration("create", [.createTable(["collapsed"])])
  ]
}
