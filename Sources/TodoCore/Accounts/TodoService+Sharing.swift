import Foundation
import Persistence

/// One person who can use a list: its owner, or someone it is shared with.
public struct ListMember: Sendable, Hashable, Codable {
  /// The account.
  public var accountID: UUID
  /// Its name.
  public var name: String
  /// `owner`, `editor` or `viewer`.
  public var role: String
}

// MARK: - Sharing lists

extension TodoService {
  /// Who can use a live list: its owner first, then the people it is shared with by name.
  ///
  /// - Throws: `TodoError.notFound` for a list the principal cannot see.
  public func members(ofList listID: UUID) async throws -> [ListMember] {
    try await read { tx in try self.listMembers(of: listID, in: tx) }
  }

  /// Who can use a live list, in a transaction (``members(ofList:)``).
  func listMembers(of listID: UUID, in tx: ReadTransaction) throws -> [ListMember] {
    try memberAccounts(of: listID, in: tx).map {
      ListMember(accountID: $0.account.id, name: $0.account.name, role: $0.role)
    }
  }

  /// The accounts of a live list's members with their roles, in ``listMembers(of:in:)``'s
  /// order: for what needs more of an account than its name (a calendar's addresses).
  func memberAccounts(of listID: UUID, in tx: ReadTransaction) throws
    -> [(account: Account, role: String)]
  {
    let list = try self.liveList(id: listID, need: .read, in: tx)
    var members: [(account: Account, role: String)] = []
    if let ownerID = list.ownerID, let owner = try tx.object(Account.self, id: ownerID) {
      members.append((owner, "owner"))
    }
    let shares = try tx.fetch(FetchRequest(filter: ListShare.listIDAttribute == listID))
    var shared: [(account: Account, role: String)] = []
    for share in shares {
      guard let account = try tx.object(Account.self, id: share.accountID) else { continue }
      shared.append((account, share.role.rawValue))
    }
    return members + shared.sorted { $0.account.name.lowercased() < $1.account.name.lowercased() }
  }

  /// Shares a list the principal owns with the account named `name`, as `role`, or changes
  /// the role it has. The list appears in that person's lists at once.
  ///
  /// - Throws: `TodoError.notFound` for an unknown list or user, `TodoError.forbidden` for a
  ///   list the principal does not own, `TodoError.validation` for sharing with the owner.
  @discardableResult
  public func share(list listID: UUID, with name: String, as role: ShareRole) async throws
    -> ListMember
  {
    let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    return try await write { tx in
      let list = try self.liveList(id: listID, need: .own, in: tx)
      guard let account = try Self.account(key: key, in: tx) else {
        throw TodoError.notFound(entity: "user", id: name)
      }
      guard account.id != list.ownerID else {
        throw TodoError.validation(field: "user", message: "\(account.name) owns this list")
      }
      let date = self.now()
      if var share = try Self.share(listID, account.id, in: tx) {
        share.role = role
        share.updatedAt = date
        try tx.update(share)
      } else {
        try tx.insert(
          ListShare(id: UUID(), listID: listID, accountID: account.id, role: role, updatedAt: date))
      }
      return ListMember(accountID: account.id, name: account.name, role: role.rawValue)
    }
  }

  /// Stops sharing a list with an account: its owner revokes it, or the person leaves it.
  /// It leaves that person's lists at once, and their next request for it is refused. The
  /// list's todos assigned to them (trashed ones too) are assigned to nobody.
  ///
  /// - Returns: How many todos it unassigned.
  /// - Throws: `TodoError.notFound` for a list the principal cannot see or an account it is
  ///   not shared with, `TodoError.forbidden` for someone else's share of a list the
  ///   principal does not own.
  @discardableResult
  public func unshare(list listID: UUID, from accountID: UUID) async throws -> Int {
    try await write { tx in
      let list = try Self.liveList(id: listID, in: tx)
      if let principal = self.principal, principal.accountID != accountID {
        try self.check(.own, list, in: tx)
      } else {
        try self.check(.read, list, in: tx)
      }
      guard let share = try Self.share(listID, accountID, in: tx) else {
        throw TodoError.notFound(entity: "share", id: accountID.uuidString)
      }
      try tx.delete(share)
      // No longer a member, they are no longer anyone's assignee there.
      return try Self.unassign(accountID, inLists: [listID], at: self.now(), in: tx)
    }
  }

  static func share(_ listID: UUID, _ accountID: UUID, in tx: ReadTransaction) throws
    -> ListShare?
  {
    try tx.fetch(
      FetchRequest(
        filter: ListShare.listIDAttribute == listID && ListShare.accountIDAttribute == accountID)
    ).first
  }
}
