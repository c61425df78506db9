import Foundation
import Persistence

// MARK: - Accounts

extension TodoService {
  /// How many accounts the store has: a server turns accounts on when it has any.
  public func accountCount() async throws -> Int {
    try await read { tx in try tx.count(FetchRequest<Account>()) }
  }

  /// Every account, by name.
  public func accounts() async throws -> [Account] {
    try await read { tx in
      try tx.fetch(FetchRequest(sortedBy: [Account.nameKeyAttribute.ascending]))
    }
  }

  /// The account with this name, ignoring case; `nil` if there is none.
  public func account(named name: String) async throws -> Account? {
    let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    return try await read { tx in try Self.account(key: key, in: tx) }
  }

  /// The account with this identifier; `nil` if there is none.
  public func account(id: UUID) async throws -> Account? {
    try await read { tx in try tx.object(Account.self, id: id) }
  }

  /// Creates an account with a bcrypt hash of its password (see
  /// ``AccountValidation/newPassword(_:name:)`` for the rules the password was checked
  /// against). The first account takes every list that has no owner, the Inbox included: a
  /// server's single-user data becomes its. Every later account gets an Inbox of its own.
  ///
  /// - Throws: `TodoError.validation` for a bad or used name, `TodoError.forbidden` when an
  ///   account (not an administrator) asks.
  @discardableResult
  public func createAccount(named name: String, passwordHash: String) async throws -> Account {
    guard principal == nil else { throw TodoError.forbidden("only an administrator adds users") }
    let name = try AccountValidation.name(name)
    let account = try await write { tx in
      if try Self.account(key: name.lowercased(), in: tx) != nil {
        throw TodoError.validation(field: "name", message: "a user named \(name) exists already")
      }
      let date = self.now()
      let first = try tx.count(FetchRequest<Account>()) == 0
      let id = UUID()
      var inboxID = UUID()
      if first {
        for var list in try tx.fetch(FetchRequest(filter: TodoList.ownerIDAttribute.isNil)) {
          list.ownerID = id
          try tx.update(list)
        }
        for var filter in try tx.fetch(FetchRequest(filter: SavedFilter.ownerIDAttribute.isNil)) {
          filter.ownerID = id
          try tx.update(filter)
        }
        if try tx.object(TodoList.self, id: TodoList.inboxID) != nil { inboxID = TodoList.inboxID }
      }
      if inboxID != TodoList.inboxID {
        try tx.insert(
          TodoList(
            id: inboxID, name: TodoList.inboxName, order: try OrderKey.between(nil, nil),
            createdAt: date, updatedAt: date, ownerID: id), at: .bottom)
      }
      return try tx.insert(
        Account(
          id: id, name: name, passwordHash: passwordHash, inboxID: inboxID, createdAt: date,
          updatedAt: date))
    }
    logger.info("added user \(account.name)")
    return account
  }

  /// Replaces an account's password hash and signs out every browser of the account (its
  /// tokens stay valid).
  ///
  /// - Throws: `TodoError.notFound` for an unknown account.
  @discardableResult
  public func setPasswordHash(ofAccount id: UUID, to passwordHash: String) async throws -> Account {
    guard principal == nil || principal?.accountID == id else {
      throw TodoError.notFound(entity: "user", id: id.uuidString)
    }
    return try await write { tx in
      guard var account = try tx.object(Account.self, id: id) else {
        throw TodoError.notFound(entity: "user", id: id.uuidString)
      }
      account.passwordHash = passwordHash
      account.updatedAt = self.now()
      for session in try tx.fetch(
        FetchRequest(filter: AccountSession.accountIDAttribute == id))
      {
        try tx.delete(session)
      }
      return try tx.update(account)
    }
  }

  /// What removing an account would do: the lists it owns (live and trashed) and how many
  /// todos they hold, for the confirmation.
  public func ownedLists(ofAccount id: UUID) async throws -> (lists: [TodoList], todos: Int) {
    try await read { tx in
      let lists = try tx.fetch(
        FetchRequest(
          filter: TodoList.ownerIDAttribute == id, sortedBy: [TodoList.orderAttribute.ascending]))
      let todos = try tx.count(FetchRequest(filter: Todo.listIDAttribute.isIn(lists.map(\.id))))
      return (lists, todos)
    }
  }

  /// Removes an account: its sessions, tokens and shares go; its lists (with their todos) are
  /// deleted for good, or handed to `heir` (renamed "NAME (from USER)" where the heir has a
  /// list of that name already). Only an administrator does this.
  ///
  /// - Returns: How many lists were deleted or handed over, and how many todos they held.
  /// - Throws: `TodoError.notFound` for an unknown account or heir, `TodoError.validation`
  ///   for an heir that is the account itself.
  @discardableResult
  public func removeAccount(id: UUID, handingListsTo heir: UUID? = nil) async throws
    -> (lists: Int, todos: Int)
  {
    guard principal == nil else { throw TodoError.forbidden("only an administrator removes users") }
    if heir == id {
      throw TodoError.validation(field: "heir", message: "a user cannot inherit their own lists")
    }
    let (name, counts) = try await write { tx in
      guard let account = try tx.object(Account.self, id: id) else {
        throw TodoError.notFound(entity: "user", id: id.uuidString)
      }
      let heirAccount = try heir.map { heir in
        guard let found = try tx.object(Account.self, id: heir) else {
          throw TodoError.notFound(entity: "user", id: heir.uuidString)
        }
        return found
      }
      let lists = try tx.fetch(FetchRequest(filter: TodoList.ownerIDAttribute == id))
      let listIDs = lists.map(\.id)
      let todos = try tx.fetch(FetchRequest(filter: Todo.listIDAttribute.isIn(listIDs)))
      for share in try tx.fetch(
        FetchRequest(
          filter: ListShare.accountIDAttribute == id || ListShare.listIDAttribute.isIn(listIDs)))
      {
        try tx.delete(share)
      }
      for session in try tx.fetch(FetchRequest(filter: AccountSession.accountIDAttribute == id)) {
        try tx.delete(session)
      }
      for filter in try tx.fetch(FetchRequest(filter: SavedFilter.ownerIDAttribute == id)) {
        try tx.delete(filter)
      }
      for token in try tx.fetch(FetchRequest(filter: AccessToken.accountIDAttribute == id)) {
        try tx.delete(token)
      }
      for reminder in try tx.fetch(FetchRequest(filter: Reminder.accountIDAttribute == id)) {
        try tx.delete(reminder)
      }
      if let heirAccount {
        let taken = Set(
          try tx.fetch(FetchRequest(filter: TodoList.ownerIDAttribute == heirAccount.id))
            .map { $0.name.lowercased() })
        for var list in lists {
          list.ownerID = heirAccount.id
          if taken.contains(list.name.lowercased()) {
            list.name = String("\(list.name) (from \(account.name))".prefix(200))
          }
          list.updatedAt = self.now()
          try tx.update(list)
        }
      } else {
        try Self.delete(todos, in: tx)
        for list in lists { try tx.delete(list) }
      }
      // Assigned todos in other people's lists (and in lists handed to an heir) stay, for
      // nobody.
      _ = try Self.unassign(id, inLists: nil, at: self.now(), in: tx)
      try tx.delete(account)
      return (account.name, (lists: lists.count, todos: todos.count))
    }
    logger.info(
      "removed user \(name): \(counts.lists) lists \(heir == nil ? "deleted" : "handed over")")
    return counts
  }

  static func account(key: String, in tx: ReadTransaction) throws -> Account? {
    try tx.fetch(FetchRequest(filter: Account.nameKeyAttribute == key)).first
  }
}
