import Foundation
import Persistence

extension Todo: RowDecodable {
  /// Reads a todo from its row, one typed column per attribute: what `init(from:)` reads,
  /// without `Decodable`'s containers (a list read spent a fifth of its time in them).
  public init(row: StoredRow<Todo>) throws {
    id = try row.id
    listID = try row[Self.listIDAttribute]
    title = try row[Self.titleAttribute]
    notes = try row[Self.notesAttribute]
    deadline = try row[Self.deadlineAttribute]
    status = try row[Self.statusAttribute]
    doneAt = try row[Self.doneAtAttribute]
    section = try row[Self.sectionAttribute]
    order = try row[Self.orderAttribute]
    externalOrder = try row[Self.externalOrderAttribute]
    createdAt = try row[Self.createdAtAttribute]
    updatedAt = try row[Self.updatedAtAttribute]
    version = try row.version
    deletedAt = try row[Self.deletedAtAttribute]
  }
}
