import Foundation
import Persistence
import PersistenceTestEntities

extension Todo {
  static func sample(_ title: String, list: UUID = UUID(), priority: Int = 0) -> Todo {
    Todo(listID: list, title: title, priority: priority)
  }

  /// The todos of `list` by priority: what the observation tests watch.
  static func byPriority(in list: UUID) -> FetchRequest<Todo> {
    FetchRequest(filter: Todo.listIDAttribute == list, sortedBy: [Todo.priorityAttribute.ascending])
  }
}

/// An object in a user-ordered list.
@Entity("item")
struct Item {
  var id = UUID()
  var listID: UUID
  var title: String
  var done = false
  var position = OrderKey(rawValue: "V")!

  static let ordering: Ordering<Item>? = Ordering(
    key: positionAttribute, collection: listIDAttribute)
  static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-order", [.createIndex("item_order", on: ["listID", "position"])]),
  ]

  /// The request for one list in user order.
  static func inList(_ list: UUID) -> FetchRequest<Item> {
    FetchRequest(
      filter: Item.listIDAttribute == list, sortedBy: [Item.positionAttribute.ascending])
  }
}
