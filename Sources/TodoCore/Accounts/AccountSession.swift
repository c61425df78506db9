import Foundation
import Persistence

/// A signed-in browser: the server side of a session cookie, kept in the database so that
/// every server on it knows the session.
///
/// The cookie carries the session's identifier and a secret; only the secret's SHA-256
/// (``secretHash``) is stored, so the table alone signs nobody in.
@Entity("account_session")
public struct AccountSession: Hashable {
  /// The identifier (the cookie's first part).
  public var id: UUID
  /// The signed-in account.
  public var accountID: UUID
  /// The SHA-256 of the cookie's secret, in lowercase hexadecimal.
  public var secretHash: String
  /// The token a cookie-authenticated write must also send (`X-CSRF-Token`).
  public var csrfToken: String
  /// When the person signed in.
  public var createdAt: Date
  /// When the session was last used (updated at most once a minute).
  public var lastSeenAt: Date
}

extension AccountSession {
  public static let migrations: [Migration] = [
    Migration(
      "create", [.createTable(), .createIndex("account_session_account", on: ["accountID"])])
  ]
}

/// How long a browser stays signed in.
public struct SessionPolicy: Sendable, Hashable {
  /// A session unused for this long ends.
  public var idle: Duration
  /// A session ends this long after sign-in, used or not.
  public var absolute: Duration

  /// Creates a policy; by default two weeks idle, thirty days in all.
  public init(idle: Duration = .seconds(14 * 86_400), absolute: Duration = .seconds(30 * 86_400)) {
    self.idle = idle
    self.absolute = absolute
  }
}
