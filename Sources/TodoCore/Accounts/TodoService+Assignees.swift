import Foundation
import Persistence

extension TodoService {
  /// Whether `accountID` (nobody when `nil`) may be assigned the todos of `listID`: nobody
  /// always, an account when it owns the list or the list is shared with it.
  static func isMember(_ accountID: UUID?, of listID: UUID, in tx: ReadTransaction) throws
    -> Bool
  {
    guard let accountID else { return true }
    if try tx.object(TodoList.self, id: listID)?.ownerID == accountID { return true }
    return try share(listID, accountID, in: tx) != nil
  }

  /// Refuses a todo assigned to someone who is not a member of its list. The message is the
  /// same for an account that exists and one that does not: it tells nothing of who has an
  /// account.
  static func checkAssignee(of todo: Todo, in tx: ReadTransaction) throws {
    guard try !isMember(todo.assigneeID, of: todo.listID, in: tx) else { return }
    throw TodoValidation.notAMember
  }

  /// Unassigns the todos of `listIDs` (every list when `nil`; trashed todos too) assigned to
  /// `accountID`, who is no longer a member of them.
  ///
  /// - Returns: How many todos it unassigned.
  static func unassign(
    _ accountID: UUID, inLists listIDs: [UUID]?, at date: Date, in tx: WriteTransaction
  ) throws -> Int {
    let assigned = Todo.assigneeIDAttribute == accountID
    let todos = try tx.fetch(
      FetchRequest(filter: listIDs.map { assigned && Todo.listIDAttribute.isIn($0) } ?? assigned))
    for var todo in todos {
      todo.assigneeID = nil
      todo.updatedAt = date
      _ = try tx.update(todo)
    }
    return todos.count
  }
}
