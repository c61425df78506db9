import Foundation
import GRDB
import Persistence

/// The benchmark's object: a todo with the usual mix of columns.
@Entity("todo")
struct BenchTodo {
  var id: UUID
  var listID: UUID
  var title: String
  var done: Bool
  var priority: Int
  var note: String?

  static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-title", [.createIndex("todo_title", on: ["title", "id"])]),
  ]

  /// `count` deterministic todos.
  static func make(_ count: Int, list: UUID = UUID()) -> [BenchTodo] {
    (0..<count).map { index in
      BenchTodo(
        id: UUID(), listID: list, title: "Todo number \((index &* 7_919) % count)",
        done: index % 3 == 0, priority: index % 5, note: index % 2 == 0 ? "note \(index)" : nil)
    }
  }
}

/// The same todo written the way an app uses GRDB directly: a Codable record.
struct GRDBTodo: Codable, FetchableRecord, PersistableRecord {
  var id: UUID
  var listID: UUID
  var title: String
  var done: Bool
  var priority: Int
  var note: String?

  static let databaseTableName = "todo"

  init(_ todo: BenchTodo) {
    id = todo.id
    listID = todo.listID
    title = todo.title
    done = todo.done
    priority = todo.priority
    note = todo.note
  }
}
