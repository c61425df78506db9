import Foundation
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Contexts")
struct ContextTests {
  @Test("Unsaved inserts, updates and deletes are visible in fetches")
  func pendingChangesAreFetched() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      let list = UUID()
      let milk = Todo.sample("Milk", list: list, priority: 2)
      let bread = Todo.sample("Bread", list: list, priority: 1)
      try context.insert(milk)
      try context.insert(bread)
      try await context.save()

      var eggs = Todo.sample("Eggs", list: list, priority: 3)
      try context.insert(eggs)
      var changedBread = bread
      changedBread.title = "Rye bread"
      changedBread.priority = 5
      try context.update(changedBread)
      try context.delete(milk)
      #expect(context.hasChanges)

      let request = FetchRequest<Todo>(
        filter: Todo.listIDAttribute == list, sortedBy: [Todo.priorityAttribute.descending])
      let titles = try await context.fetch(request).map(\.title)
      #expect(titles == ["Rye bread", "Eggs"])
      #expect(context.insertedObjects(Todo.self).map(\.title) == ["Eggs"])
      #expect(context.updatedObjects(Todo.self).map(\.title) == ["Rye bread"])
      #expect(context.deletedIDs(Todo.self) == [milk.id])

      // Another context sees only what was saved.
      let other = container.newBackgroundContext()
      #expect(try await other.fetch(request).map(\.title) == ["Milk", "Bread"])

      eggs.title = "Brown eggs"
      try context.update(eggs)
      let limited = FetchRequest<Todo>(
        filter: Todo.listIDAttribute == list, sortedBy: [Todo.priorityAttribute.descending],
        limit: 1, offset: 1)
      #expect(try await context.fetch(limited).map(\.title) == ["Brown eggs"])
    }
  }

  @Test("Save commits everything; rollback discards everything")
  func saveAndRollback() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      let list = TodoList(name: "Groceries")
      try context.insert(list)
      try context.insert(Todo.sample("Milk", list: list.id))
      let summary = try await context.save()
      #expect(summary.inserted == 2)
      #expect(!context.hasChanges)

      try context.insert(Todo.sample("Bread", list: list.id))
      try context.delete(list)
      context.rollback()
      #expect(!context.hasChanges)

      let fresh = container.newBackgroundContext()
      #expect(try await fresh.fetch(FetchRequest<Todo>()).map(\.title) == ["Milk"])
      #expect(try await fresh.fetch(FetchRequest<TodoList>()).map(\.name) == ["Groceries"])
    }
  }

  @Test("A child context saves into its parent only; a discarded one leaves it untouched")
  func childContexts() async throws {
    try await withContainer { container, _ in
      let parent = container.viewContext
      var milk = Todo.sample("Milk")
      try parent.insert(milk)
      try await parent.save()

      let discarded = parent.newChildContext()
      var edited = try #require(try await discarded.object(Todo.self, id: milk.id))
      edited.title = "Oat milk"
      try discarded.update(edited)
      try discarded.insert(Todo.sample("Bread"))
      #expect(try await discarded.fetch(FetchRequest<Todo>()).count == 2)
      // Back button: the child is dropped.
      #expect(!parent.hasChanges)
      #expect(try await parent.fetch(FetchRequest<Todo>()).map(\.title) == ["Milk"])

      let confirmed = parent.newChildContext()
      milk = try #require(try await confirmed.object(Todo.self, id: milk.id))
      milk.done = true
      try confirmed.update(milk)
      let summary = try await confirmed.save()
      #expect(summary.updated == 1)
      #expect(parent.hasChanges)
      // Pushed into the parent, not into the store.
      let store = container.newBackgroundContext()
      #expect(try await store.object(Todo.self, id: milk.id)?.done == false)
      #expect(try await parent.object(Todo.self, id: milk.id)?.done == true)
      try await parent.save()
      #expect(try await store.object(Todo.self, id: milk.id)?.done == true)
    }
  }

  @Test("A child's delete of a parent's unsaved insert removes it from the parent")
  func childDeletesParentInsert() async throws {
    try await withContainer { container, _ in
      let parent = container.viewContext
      let draft = Todo.sample("Draft")
      try parent.insert(draft)
      let child = parent.newChildContext()
      try child.delete(draft)
      try await child.save()
      #expect(!parent.hasChanges)
      #expect(try await parent.fetch(FetchRequest<Todo>()).isEmpty)
    }
  }

  @Test("What a background context saves is seen by the view context")
  func backgroundSaveSeenByViewContext() async throws {
    try await withContainer { container, _ in
      let background = container.newBackgroundContext()
      var todo = Todo.sample("Imported")
      try background.insert(todo)
      try await background.save()

      let view = container.viewContext
      #expect(try await view.object(Todo.self, id: todo.id)?.title == "Imported")

      todo.title = "Imported twice"
      try background.update(todo)
      try await background.save()
      // The view context merged the new version: its own edit is based on it, no conflict.
      var seen = try #require(try await view.object(Todo.self, id: todo.id))
      #expect(seen.title == "Imported twice")
      seen.done = true
      try view.update(seen)
      try await view.save()
      #expect(try await background.object(Todo.self, id: todo.id)?.done == true)
    }
  }

  @Test("Errors are typed: unknown objects, duplicates, unknown entities")
  func typedErrors() async throws {
    try await withContainer(entities: [Todo.self]) { container, _ in
      let context = container.viewContext
      let stranger = Todo.sample("Never fetched")
      #expect(throws: PersistenceError.notFound(entity: "todo", id: stranger.id)) {
        try context.update(stranger)
      }
      try context.insert(stranger)
      #expect(throws: PersistenceError.duplicate(entity: "todo", id: stranger.id)) {
        try context.insert(stranger)
      }
      #expect(throws: PersistenceError.unknownEntity("todo_list")) {
        try context.insert(TodoList(name: "x"))
      }
    }
  }

  @Test("Concurrent tasks can use one context")
  func concurrentUse() async throws {
    try await withContainer { container, _ in
      let context = container.newBackgroundContext()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<20 {
          group.addTask {
            try context.insert(Todo.sample("Task \(index)", priority: index))
            try await context.save()
          }
        }
        try await group.waitForAll()
      }
      #expect(!context.hasChanges)
      let all = try await container.newBackgroundContext().fetch(
        FetchRequest<Todo>(sortedBy: [Todo.priorityAttribute.ascending]))
      #expect(all.map(\.priority) == Array(0..<20))
    }
  }

  @Test("A closed container's contexts fail with a typed error")
  func closedContainer() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(directory.store, entities: [Todo.self])
    let context = container.viewContext
    try container.close()
    try container.close()
    await #expect(throws: PersistenceError.containerClosed) {
      try await context.fetch(FetchRequest<Todo>())
    }
    try context.insert(Todo.sample("Too late"))
    await #expect(throws: PersistenceError.containerClosed) {
      try await context.save()
    }
  }
}
