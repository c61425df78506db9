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

/// The same todo as an application writes it with GRDB alone: a Codable record, encoded and
/// decoded through GRDB's own Codable support. It is the one struct so that both sides read and
/// write exactly the same fields; the store never uses these conformances.
extension BenchTodo: FetchableRecord, PersistableRecord {
  static let databaseTableName = "todo"
}
