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
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(
      .file(directory.database), entities: [Todo.self])
    defer { try? container.close() }
    let todo = Todo(listID: UUID(), title: "before")
    try await container.write { tx in _ = try tx.insert(todo) }
    let other = try DatabaseQueue(path: directory.database.path)
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

    // The next read begins a new snapshot: its reader did not stay in the old transaction.
    for _ in 0..<4 {
      let title = try await container.read { tx in try tx.object(Todo.self, id: todo.id)?.title }
      #expect(title == "after")
    }
  }

  @Test("A read that throws ends its transaction too")
  func throwingRead() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(
      .file(directory.database), entities: [Todo.self])
    defer { try? container.close() }
    let todo = Todo(listID: UUID(), title: "before")
    try await container.write { tx in _ = try tx.insert(todo) }
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
    for _ in 0..<4 {
      let title = try await container.read { tx in try tx.object(Todo.self, id: todo.id)?.title }
      #expect(title == "after")
    }
  }
}
