import Foundation
import Persistence

/// What an API token may do.
public enum TokenScope: String, Codable, Sendable, Hashable, CaseIterable {
  /// Reads only; every write is refused with 403.
  case read
  /// Reads and writes what the account may.
  case readWrite = "read-write"
}

extension TokenScope: AttributeValue {}

/// An API token (also an app password for HTTP Basic): a named, revocable credential of an
/// account for a client such as the command line or a calendar app.
///
/// The token is shown once, when it is created; only its secret's SHA-256 is stored.
@Entity("access_token")
public struct AccessToken: Hashable {
  /// The identifier (part of the token).
  public var id: UUID
  /// The account it signs in.
  public var accountID: UUID
  /// What the person called it ("laptop").
  public var name: String
  /// The SHA-256 of the token's secret, in lowercase hexadecimal.
  public var secretHash: String
  /// What it may do.
  public var scope: TokenScope
  /// When it was created.
  public var createdAt: Date
  /// When it was last used (updated at most once a minute).
  public var lastUsedAt: Date?
}

extension AccessToken {
  public static let migrations: [Migration] = [
    Migration(
      "create", [.createTable(), .createIndex("access_token_account", on: ["accountID"])])
  ]
}
