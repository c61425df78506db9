import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Read transactions on a SQLite file")
struct ReadSnapshotTests {
  @Test(
    "Every fetch of one read sees the state the read began with, and the reader ends its transaction"
  )
  func oneSnapshot() async throws {
    try await withStoredTodo { container, todo, database in
      let other = try DatabaseQueue(path: database.path)
      defer { try? other.close() }
      let (first, second) = try await container.read { tx in
        let first = try tx.object(Todo.self, id: todo.id)?.title
        // Another connection commits while the read is open.
        try other.write { db in
          try db.execute(sql: #"UPDATE "todo" SET "title" = 'after'"#)
        }
        return (first, try tx.object(Todo.self, id: todo.id)?.title)
      }
      #expect(first == "before")
      #expect(second == "before", "the second fetch of the read saw a later commit")
      // The next reads begin new snapshots: no reader stayed in the old transaction.
      try await expectTitle("after", of: todo, in: container)
    }
  }

  @Test("A read that throws ends its transaction too")
  func throwingRead() async throws {
    try await withStoredTodo { container, todo, _ in
      struct Stop: Error {}
      await #expect(throws: Stop.self) {
        try await container.read { tx in
          _ = try tx.object(Todo.self, id: todo.id)
          throw Stop()
        }
      }
      try await container.write { tx in
        var changed = todo
        changed.title = "after"
        _ = try tx.update(changed)
      }
      try await expectTitle("after", of: todo, in: container)
    }
  }

  /// Runs `body` with a container on a new SQLite file (whatever the run's engine) that holds
  /// one todo titled "before".
  private func withStoredTodo(
    _ body: (PersistentContainer, Todo, URL) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(
      .file(directory.database), entities: [Todo.self])
    defer { try? container.close() }
    let todo = Todo(listID: UUID(), title: "before")
    try await container.write { tx in _ = try tx.insert(todo) }
    try await body(container, todo, directory.database)
  }

  /// Reads the todo's title a few times, so that every reader of the pool is likely used.
  private func expectTitle(_ title: String, of todo: Todo, in container: PersistentContainer)
    async throws
  {
    for _ in 0..<4 {
      let read = try await container.read { tx in try tx.object(Todo.self, id: todo.id)?.title }
      #expect(read == title)
    }
  }
}
