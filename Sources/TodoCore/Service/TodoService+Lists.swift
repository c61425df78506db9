import Foundation
import Persistence

// MARK: - Lists

extension TodoService {
  /// The live lists, in the user's order; the Inbox is one of them. With a principal, the
  /// lists it owns and those shared with it.
  ///
  /// - Complexity: One query (two with a principal), O(n log n) for n lists.
  public func lists() async throws -> [TodoList] {
    try await read { tx in try self.visibleLists(in: tx) }
  }

  /// The live list with this identifier.
  ///
  /// - Throws: `TodoError.notFound(entity: "list", …)` if there is none or it is trashed.
  public func list(id: UUID) async throws -> TodoList {
    try await read { tx in try self.liveList(id: id, need: .read, in: tx) }
  }

  /// The live list with this name, ignoring case and surrounding spaces.
  ///
  /// - Throws: `TodoError.invalidText(field: "list", …)` for a name with a control character,
  ///   `TodoError.notFound(entity: "list", …)` if no live list has the name.
  public func list(named name: String) async throws -> TodoList {
    let wanted = try TodoValidation.query(name, field: "list").lowercased()
    guard let list = try await lists().first(where: { $0.name.lowercased() == wanted }) else {
      throw TodoError.notFound(entity: "list", id: "named \"\(name)\"")
    }
    return list
  }

  /// Creates a list at the end of the lists.
  ///
  /// - Throws: `TodoError.invalidText` for a control character in the name,
  ///   `TodoError.validation` for an empty, too long or already used name.
  public func createList(named name: String) async throws -> TodoList {
    let name = try TodoValidation.listName(name)
    return try await write { tx in
      let owner = try self.newListOwner(in: tx)
      try Self.checkUnique(name, owner: owner, in: tx, except: nil)
      let date = self.now()
      let list = TodoList(
        id: UUID(),
        name: name, order: try OrderKey.between(nil, nil), createdAt: date, updatedAt: date,
        ownerID: owner)
      return try tx.insert(list, at: .bottom)
    }
  }

  /// Renames a live list.
  ///
  /// - Throws: `TodoError.notFound`, `TodoError.invalidText` (a control character in the
  ///   name) or `TodoError.validation` (bad or used name).
  public func renameList(id: UUID, to name: String) async throws -> TodoList {
    let name = try TodoValidation.listName(name)
    return try await write { tx in
      var list = try self.liveList(id: id, need: .own, in: tx)
      try Self.checkUnique(name, owner: list.ownerID, in: tx, except: id)
      list.name = name
      list.updatedAt = self.now()
      return try tx.update(list)
    }
  }

  /// Moves a live list before or after another one, or to the top or bottom.
  ///
  /// - Throws: `TodoError.notFound` for an unknown list or position.
  public func moveList(id: UUID, to position: MovePosition) async throws -> TodoList {
    try await write { tx in
      var list = try self.liveList(id: id, need: .own, in: tx)
      let visible = Set(try self.visibleLists(in: tx).map(\.id))
      try Self.checkAnchor(of: position, moving: id, entity: "list", in: tx) {
        (list: TodoList) in !list.isTrashed && visible.contains(list.id)
      }
      list.updatedAt = self.now()
      let moved = try tx.move(list, to: position)
      try self.forgetCalendarOrders(of: Array(visible), in: tx)
      return moved
    }
  }

  /// Moves a list, with its todos, to the trash. The Inbox cannot be trashed.
  ///
  /// - Throws: `TodoError.notFound`, or `TodoError.validation` for the Inbox.
  public func trashList(id: UUID) async throws -> TodoList {
    try await write { tx in
      var list = try self.liveList(id: id, need: .own, in: tx)
      guard try !Self.isInbox(id, in: tx) else {
        throw TodoError.validation(field: "list", message: "the Inbox cannot be deleted")
      }
      list.deletedAt = self.now()
      return try tx.update(list)
    }
  }

  // MARK: - Helpers

  static var liveLists: FetchRequest<TodoList> {
    FetchRequest(
      filter: TodoList.deletedAtAttribute.isNil, sortedBy: [TodoList.orderAttribute.ascending])
  }

  static func liveList(id: UUID, in tx: ReadTransaction) throws -> TodoList {
    guard let list = try tx.object(TodoList.self, id: id), !list.isTrashed else {
      throw TodoError.notFound(entity: "list", id: id.uuidString)
    }
    return list
  }

  /// Checks that no other live list of the same owner has this name, ignoring case.
  static func checkUnique(_ name: String, owner: UUID?, in tx: ReadTransaction, except id: UUID?)
    throws
  {
    let lowered = name.lowercased()
    let lists = try tx.fetch(liveLists).filter { $0.ownerID == owner }
    if lists.contains(where: { $0.id != id && $0.name.lowercased() == lowered }) {
      throw TodoError.validation(field: "name", message: "a list named \"\(name)\" exists already")
    }
  }
}
