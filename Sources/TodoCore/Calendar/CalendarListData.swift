import Foundation
import Persistence

/// What a list keeps for calendar clients that the app does not show: the colour a client
/// gave the calendar (`#FF2968FF`), written back as Apple's and Thunderbird's
/// `calendar-color`. One per list that has one (same identifier as the list).
@Entity("calendar_list_data")
public struct CalendarListData: Hashable {
  /// The list's identifier.
  public var id: UUID
  /// The colour, as the client wrote it (`#RRGGBB` or `#RRGGBBAA`).
  public var color: String?
}

extension CalendarListData {
  public static let migrations: [Migration] = [Migration("create", [.createTable(["color"])])]
}
