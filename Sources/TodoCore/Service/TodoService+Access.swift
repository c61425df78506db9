import Foundation
import Persistence

/// What an operation needs of a list.
enum ListNeed: Int, Comparable, Sendable {
  /// To read it and its todos (viewer, editor or owner).
  case read
  /// To add, change, move and trash its todos (editor or owner).
  case edit
  /// To rename, move, trash, restore or share the list itself (owner).
  case own

  static func < (lhs: ListNeed, rhs: ListNeed) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Who may do what

extension TodoService {
  /// What the principal may do with `list`: `nil` if it may not even see it. Without a
  /// principal, everything.
  func access(to list: TodoList, in tx: ReadTransaction) throws -> ListNeed? {
    guard let principal else { return .own }
    if list.ownerID == principal.accountID { return .own }
    let share = try tx.fetch(
      FetchRequest(
        filter: ListShare.listIDAttribute == list.id
          && ListShare.accountIDAttribute == principal.accountID)
    ).first
    return share.map { $0.role == .editor ? .edit : .read }
  }

  /// Checks that the principal may do what `need` says with `list`.
  ///
  /// - Throws: `TodoError.notFound` for a list it cannot see (as if it did not exist),
  ///   `TodoError.forbidden` for one it can see but not change that way.
  func check(_ need: ListNeed, _ list: TodoList, in tx: ReadTransaction) throws {
    guard let access = try access(to: list, in: tx) else {
      throw TodoError.notFound(entity: "list", id: list.id.uuidString)
    }
    guard access >= need else {
      throw TodoError.forbidden(
        need == .own
          ? "only the owner of list \"\(list.name)\" may do this"
          : "list \"\(list.name)\" is shared with you to read only")
    }
  }

  /// The live list with this identifier, if the principal may do `need` with it.
  func liveList(id: UUID, need: ListNeed, in tx: ReadTransaction) throws -> TodoList {
    let list = try Self.liveList(id: id, in: tx)
    try check(need, list, in: tx)
    return list
  }

  /// The live todo with this identifier, if the principal may do `need` with its list.
  func liveTodo(id: UUID, need: ListNeed, in tx: ReadTransaction) throws -> Todo {
    let todo = try Self.liveTodo(id: id, in: tx)
    if principal != nil {
      guard let list = try tx.object(TodoList.self, id: todo.listID) else {
        throw TodoError.notFound(entity: "todo", id: id.uuidString)
      }
      guard try access(to: list, in: tx) != nil else {
        throw TodoError.notFound(entity: "todo", id: id.uuidString)
      }
      try check(need, list, in: tx)
    }
    return todo
  }

  /// The live todo with this identifier, if the principal may do `need` with its list and
  /// it is still at `expectedVersion` (at any version for `nil`): a change checks both before
  /// it writes.
  ///
  /// - Throws: `TodoError.notFound`, or a conflict for a todo changed since.
  func liveTodo(
    id: UUID, need: ListNeed, at expectedVersion: Version?, in tx: ReadTransaction
  ) throws -> Todo {
    let todo = try liveTodo(id: id, need: need, in: tx)
    if let expectedVersion { try tx.expect(todo, at: expectedVersion) }
    return todo
  }

  /// The live lists the principal may see, in user order: all of them without one.
  func visibleLists(in tx: ReadTransaction) throws -> [TodoList] {
    let lists = try tx.fetch(Self.liveLists)
    guard let principal else { return lists }
    let shared = try sharedListIDs(of: principal.accountID, in: tx)
    return lists.filter { $0.ownerID == principal.accountID || shared.contains($0.id) }
  }

  /// The lists shared with an account.
  func sharedListIDs(of accountID: UUID, in tx: ReadTransaction) throws -> Set<UUID> {
    Set(
      try tx.fetch(FetchRequest(filter: ListShare.accountIDAttribute == accountID))
        .map(\.listID))
  }

  /// The Inbox of the principal (the installation's Inbox without one).
  var inboxID: UUID { principal?.inboxID ?? TodoList.inboxID }

  /// The owner a new list gets: the principal, or without one the owner of the installation's
  /// Inbox (`nil` until a first account exists).
  func newListOwner(in tx: ReadTransaction) throws -> UUID? {
    if let principal { return principal.accountID }
    return try tx.object(TodoList.self, id: TodoList.inboxID)?.ownerID
  }

  /// Whether `id` is somebody's Inbox, which cannot be trashed: an account's, or without
  /// accounts the installation's. (The installation's Inbox handed to another user with its
  /// owner's lists is a list like the others.)
  static func isInbox(_ id: UUID, in tx: ReadTransaction) throws -> Bool {
    if try tx.count(FetchRequest(filter: Account.inboxIDAttribute == id)) > 0 { return true }
    guard id == TodoList.inboxID else { return false }
    return try tx.count(FetchRequest<Account>()) == 0
  }
}
