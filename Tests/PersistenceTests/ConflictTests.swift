import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Optimistic concurrency")
struct ConflictTests {
  @Test("Saving an object another context changed since it was read fails and names it")
  func updateConflict() async throws {
    try await withContainer { container, _ in
      let setup = container.newBackgroundContext()
      let todo = Todo.sample("Shared")
      let other = Todo.sample("Untouched")
      try setup.insert(todo)
      try setup.insert(other)
      try await setup.save()

      let first = container.newBackgroundContext()
      let second = container.newBackgroundContext()
      var mine = try #require(try await first.object(Todo.self, id: todo.id))
      var theirs = try #require(try await second.object(Todo.self, id: todo.id))
      var untouched = try #require(try await first.object(Todo.self, id: other.id))

      theirs.title = "Theirs"
      try second.update(theirs)
      try await second.save()

      mine.title = "Mine"
      untouched.title = "Changed in the failing save"
      try first.update(mine)
      try first.update(untouched)
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: 2)) {
        try await first.save()
      }
      // Nothing of the failed save was written; the changes stay pending.
      let check = container.newBackgroundContext()
      #expect(try await check.object(Todo.self, id: todo.id)?.title == "Theirs")
      #expect(try await check.object(Todo.self, id: other.id)?.title == "Untouched")
      #expect(first.hasChanges)
    }
  }

  @Test("Deleting an object another context changed fails; deleting a deleted one too")
  func deleteConflict() async throws {
    try await withContainer { container, _ in
      let setup = container.newBackgroundContext()
      let todo = Todo.sample("Doomed")
      try setup.insert(todo)
      try await setup.save()

      let first = container.newBackgroundContext()
      let second = container.newBackgroundContext()
      _ = try await first.object(Todo.self, id: todo.id)
      _ = try await second.object(Todo.self, id: todo.id)
      try second.delete(Todo.self, id: todo.id)
      try await second.save()
      try first.delete(Todo.self, id: todo.id)
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: nil)) {
        try await first.save()
      }
    }
  }

  @Test("A change written by another process is a conflict too")
  func conflictWithOutsideWriter() async throws {
    try await withContainer { container, directory in
      let context = container.viewContext
      var todo = Todo.sample("Local")
      try context.insert(todo)
      try await context.save()

      // Another connection writes the row as another process would: new value, new version.
      let outside = OutsideConnection(directory)
      try await outside.execute(
        "UPDATE todo SET title = 'Outside', version = version + 1 WHERE id = \(outside.literal(todo.id))"
      )

      todo.title = "Mine"
      try context.update(todo)
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: 2)) {
        try await context.save()
      }
    }
  }

  @Test("Inserting an identifier that another context saved is a conflict")
  func insertConflict() async throws {
    try await withContainer { container, _ in
      let todo = Todo.sample("Twice")
      let first = container.newBackgroundContext()
      let second = container.newBackgroundContext()
      try first.insert(todo)
      try second.insert(todo)
      try await first.save()
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: 1)) {
        try await second.save()
      }
    }
  }
}
