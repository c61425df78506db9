import Foundation
import Persistence
import PersistenceTestEntities

extension Todo {
  static func sample(_ title: String, list: UUID = UUID(), priority: Int = 0) -> Todo {
    Todo(listID: list, title: title, priority: priority)
  }
}

/// An object in a user-ordered list.
struct Item: Entity {
  var id = UUID()
  var listID: UUID
  var title: String
  var done = false
  var position = OrderKey(rawValue: "V")!

  static let entityName = "item"
  static let listID = Attribute("listID", \Item.listID)
  static let title = Attribute("title", \Item.title)
  static let done = Attribute("done", \Item.done)
  static let position = Attribute("position", \Item.position)
  static let attributes = [listID.erased, title.erased, done.erased, position.erased]
  static let ordering: Ordering<Item>? = Ordering(key: position, collection: listID)
  static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-order", [.createIndex("item_order", on: ["listID", "position"])]),
  ]

  /// The request for one list in user order.
  static func inList(_ list: UUID) -> FetchRequest<Item> {
    FetchRequest(filter: Item.listID == list, sortedBy: [Item.position.ascending])
  }
}
