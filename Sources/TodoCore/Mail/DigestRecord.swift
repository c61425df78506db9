import Foundation
import Persistence

/// The last day a person's morning digest went out: claimed in a write, so that with several
/// servers on one database each person gets one digest a day.
@Entity("digest_record")
public struct DigestRecord: Hashable, Sendable {
  /// The account, or ``DigestRecord/singleUser`` on a server without accounts.
  public var id: UUID
  /// The day of the last digest, `yyyy-MM-dd` in the person's zone.
  public var day: String

  /// The record of the one person of a server without accounts.
  public static let singleUser = UUID(uuidString: "00000000-0000-4000-8000-0000000000d1")!
}

extension DigestRecord {
  public static let migrations: [Migration] = [Migration("create", [.createTable(["day"])])]
}
