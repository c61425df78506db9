import Foundation
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport
import Testing

/// `ReadTransaction.forEachRow` and `StoredRow.withUTF8`: rows read in place, for a caller
/// that writes their columns on without making objects.
@Suite("Reading rows in place")
struct RowReadingTests {
  private struct Stop: Error {}

  /// A store with three todos of one list and one of another, and a container on it.
  private static func withTodos(
    _ body: (PersistentContainer, _ list: UUID, _ written: [Todo]) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(directory.store, entities: [Todo.self])
    defer { try? container.close() }
    let list = UUID()
    let written = [
      Todo(listID: list, title: "second é 🍎", priority: 2, note: "a\nb"),
      Todo(listID: list, title: "first", priority: 1),
      Todo(listID: list, title: "", priority: 3, note: ""),
      Todo(listID: UUID(), title: "elsewhere", priority: 0),
    ]
    try await container.write { tx in
      for todo in written { try tx.insert(todo) }
    }
    try await body(container, list, written)
  }

  /// What a test reads of one row.
  private struct Fields: Equatable, Sendable {
    var id: UUID
    var title: String?
    var note: String?
    var priority: Int
    var version: Version
  }

  @Test("every row the request selects, in its order, with text as stored and NULL as nil")
  func rowsInOrder() async throws {
    try await Self.withTodos { container, list, _ in
      let request = FetchRequest<Todo>(
        filter: Todo.listIDAttribute == list, sortedBy: [Todo.priorityAttribute.ascending])
      let rows = try await container.read { tx in
        var rows: [Fields] = []
        try tx.forEachRow(request) { row in
          rows.append(
            Fields(
              id: try row.id,
              title: try row.withUTF8(Todo.titleAttribute) { String(decoding: $0, as: UTF8.self) },
              note: try row.withUTF8(Todo.noteAttribute) { String(decoding: $0, as: UTF8.self) },
              priority: try row[Todo.priorityAttribute], version: try row.version))
        }
        return rows
      }
      let fetched = try await container.read { tx in try tx.fetch(request) }
      #expect(fetched.map(\.title) == ["first", "second é 🍎", ""])
      #expect(fetched.map(\.note) == [nil, "a\nb", ""])
      #expect(
        rows
          == fetched.map {
            Fields(
              id: $0.id, title: $0.title, note: $0.note, priority: $0.priority,
              version: Version(1))
          })
    }
  }

  @Test("a column that is not text is an invalid value; the body's error ends the read as it is")
  func refusals() async throws {
    try await Self.withTodos { container, _, _ in
      await #expect {
        try await container.read { tx in
          try tx.forEachRow(FetchRequest<Todo>()) { row in
            _ = try row.withUTF8(Todo.priorityAttribute) { $0.count }
          }
        }
      } throws: { error in
        guard case .invalidValue(let type, _) = error as? PersistenceError else { return false }
        return type == "text"
      }
      let visited = try await container.read { tx in
        var visited = 0
        do {
          try tx.forEachRow(FetchRequest<Todo>()) { _ in
            visited += 1
            throw Stop()
          }
        } catch is Stop {}
        return visited
      }
      #expect(visited == 1)
    }
  }
}
