import Foundation
import Persistence

/// A todo as a test app would declare it: shared by the Persistence tests and the
/// `persistence-writer` helper process, so both open the same schema.
public struct Todo: Entity {
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

  public static let entityName = "todo"
  public static let listID = Attribute("listID", \Todo.listID)
  public static let title = Attribute("title", \Todo.title)
  public static let done = Attribute("done", \Todo.done)
  public static let priority = Attribute("priority", \Todo.priority)
  public static let due = Attribute("due", \Todo.due)
  public static let note = Attribute("note", \Todo.note)
  public static let attributes = [
    listID.erased, title.erased, done.erased, priority.erased, due.erased, note.erased,
  ]
  public static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-list", [.createIndex("todo_by_list", on: ["listID"])]),
  ]
}

/// A second entity, to check that saves span entities.
public struct TodoList: Entity {
  public var id = UUID()
  public var name: String

  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }

  public static let entityName = "todo_list"
  public static let name = Attribute("name", \TodoList.name)
  public static let attributes = [name.erased]
}
