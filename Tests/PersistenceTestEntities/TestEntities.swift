import Foundation
import Persistence

/// A todo as a test app would declare it: shared by the Persistence tests and the
/// `persistence-writer` helper process, so both open the same schema.
@Entity("todo")
public struct Todo {
  public var id = UUID()
  public var listID: UUID
  public var title: String
  public var done = false
  public var priority = 0
  public var due: Date? = nil
  public var note: String? = nil

  public init(
    id: UUID = UUID(), listID: UUID, title: String, done: Bool = false, priority: Int = 0,
    due: Date? = nil, note: String? = nil
  ) {
    self.id = id
    self.listID = listID
    self.title = title
    self.done = done
    self.priority = priority
    self.due = due
    self.note = note
  }

  public static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-list", [.createIndex("todo_by_list", on: ["listID"])]),
  ]
}

/// A second entity, to check that saves span entities.
@Entity("todo_list")
public struct TodoList {
  public var id = UUID()
  public var name: String

  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }
}
