import Foundation
import Persistence

extension TodoList: RowDecodable {
  /// Reads a list from its row, one typed column per attribute: what `init(from:)` reads.
  /// Every write of a todo checks its list, so this is on the path of every create.
  public init(row: StoredRow<TodoList>) throws {
    id = try row.id
    name = try row[Self.nameAttribute]
    order = try row[Self.orderAttribute]
    createdAt = try row[Self.createdAtAttribute]
    updatedAt = try row[Self.updatedAtAttribute]
    deletedAt = try row[Self.deletedAtAttribute]
    ownerID = try row[Self.ownerIDAttribute]
  }
}
