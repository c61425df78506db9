import Foundation
import Persistence

/// A person who signs in to a server with accounts on: a name, a password hash and a default
/// list of their own.
///
/// The password itself is never stored: ``passwordHash`` is a bcrypt hash that the server
/// makes and checks. The account's lists are those whose ``TodoList/ownerID`` is its
/// identifier; others reach it through ``ListShare``s.
@Entity("account")
public struct Account: Hashable {
  /// The identifier.
  public var id: UUID
  /// The name the person signs in with, as they chose it (see ``AccountValidation/name(_:)``).
  public var name: String
  /// ``name`` lowercased: names are unique ignoring case.
  public var nameKey: String
  /// The bcrypt hash of the password.
  public var passwordHash: String
  /// The account's own default list, which cannot be trashed: its Inbox.
  public var inboxID: UUID
  /// When it was created.
  public var createdAt: Date
  /// When its password last changed.
  public var updatedAt: Date
  /// The person's time zone (an IANA name), as their browser last said it: what their days
  /// are read in when no page of theirs is open (the API, a calendar app). `nil` until then:
  /// the server's.
  public var timeZone: String?
  /// Where the server mails the person's reminders (with `--smtp-url`); `nil` for nowhere.
  public var email: String?
  /// `true` when the person asked for the morning digest of today's and overdue todos by
  /// e-mail; `nil` otherwise.
  public var digest: Bool?

  /// Creates an account value. Use ``TodoService/createAccount(named:passwordHash:)`` to store
  /// one.
  public init(
    id: UUID = UUID(), name: String, passwordHash: String, inboxID: UUID, createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.name = name
    self.nameKey = name.lowercased()
    self.passwordHash = passwordHash
    self.inboxID = inboxID
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

extension Account {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(["name", "nameKey", "passwordHash", "inboxID", "createdAt", "updatedAt"]),
        .createIndex("account_name_key", on: ["nameKey"], unique: true),
      ]),
    Migration("time zone", [.addColumn("timeZone")]),
    Migration("mail", [.addColumn("email"), .addColumn("digest")]),
  ]
}

/// Who an operation of ``TodoService`` acts for, on a server with accounts: the signed-in
/// account and what its credential allows.
///
/// A service without a principal (``TodoService/principal`` `nil`) is the single local user
/// of a server without accounts, or an administrator on the server's database: it reads and
/// changes everything.
public struct Principal: Sendable, Hashable {
  /// The account.
  public var accountID: UUID
  /// Its name, as shown in the page.
  public var name: String
  /// Its default list: where new todos without a list go, and what the Todo-Backend
  /// endpoint serves.
  public var inboxID: UUID
  /// Whether the credential may change anything (a read-only token may not).
  public var mayWrite: Bool
  /// The account's time zone, if its browser said one (``Account/timeZone``).
  public var timeZone: TimeZone?

  /// Creates a principal.
  public init(accountID: UUID, name: String, inboxID: UUID, mayWrite: Bool = true) {
    self.accountID = accountID
    self.name = name
    self.inboxID = inboxID
    self.mayWrite = mayWrite
  }

  /// The principal of an account with full rights.
  public init(_ account: Account, mayWrite: Bool = true) {
    self.init(
      accountID: account.id, name: account.name, inboxID: account.inboxID, mayWrite: mayWrite)
    timeZone = account.timeZone.flatMap(TimeZone.init(identifier:))
  }
}
