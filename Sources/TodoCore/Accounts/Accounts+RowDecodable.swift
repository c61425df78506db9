import Foundation
import Persistence

// Every request of a server with accounts reads its token (or session) and its account, and
// every read of a list its shares: one typed column read per attribute, without `Decodable`.

extension Account: RowDecodable {
  /// Reads an account from its row.
  public init(row: StoredRow<Account>) throws {
    id = try row.id
    name = try row[Self.nameAttribute]
    nameKey = try row[Self.nameKeyAttribute]
    passwordHash = try row[Self.passwordHashAttribute]
    inboxID = try row[Self.inboxIDAttribute]
    createdAt = try row[Self.createdAtAttribute]
    updatedAt = try row[Self.updatedAtAttribute]
  }
}

extension AccessToken: RowDecodable {
  /// Reads a token from its row.
  public init(row: StoredRow<AccessToken>) throws {
    id = try row.id
    accountID = try row[Self.accountIDAttribute]
    name = try row[Self.nameAttribute]
    secretHash = try row[Self.secretHashAttribute]
    scope = try row[Self.scopeAttribute]
    createdAt = try row[Self.createdAtAttribute]
    lastUsedAt = try row[Self.lastUsedAtAttribute]
  }
}

extension AccountSession: RowDecodable {
  /// Reads a session from its row.
  public init(row: StoredRow<AccountSession>) throws {
    id = try row.id
    accountID = try row[Self.accountIDAttribute]
    secretHash = try row[Self.secretHashAttribute]
    csrfToken = try row[Self.csrfTokenAttribute]
    createdAt = try row[Self.createdAtAttribute]
    lastSeenAt = try row[Self.lastSeenAtAttribute]
  }
}

extension ListShare: RowDecodable {
  /// Reads a share from its row.
  public init(row: StoredRow<ListShare>) throws {
    id = try row.id
    listID = try row[Self.listIDAttribute]
    accountID = try row[Self.accountIDAttribute]
    role = try row[Self.roleAttribute]
    updatedAt = try row[Self.updatedAtAttribute]
  }
}
