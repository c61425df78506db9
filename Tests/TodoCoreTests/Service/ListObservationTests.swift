import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService list observation: one change pipeline for every writer")
struct ListObservationTests {
  @Test("own writes arrive as new values with a growing sequence", .timeLimit(.minutes(1)))
  func ownWrites() async throws {
    try await TemporaryStore.with { service, _ in
      var values = service.observe(list: TodoList.inboxID).makeAsyncIterator()
      let first = try #require(try await values.next())
      #expect(first.todos.isEmpty)
      #expect(first.lists.map(\.id) == [TodoList.inboxID])
      let todo = try await service.createTodo(NewTodo(title: "x"))
      let created = try #require(try await values.next())
      #expect(created.todos == [todo])
      #expect(created.sequence > first.sequence)
      let renamed = try await service.updateTodo(id: todo.id, TodoPatch(title: "y"))
      #expect(renamed.version == 2)
      let updated = try #require(try await values.next())
      #expect(updated.todos == [renamed])
      #expect(updated.sequence > created.sequence)
    }
  }

  @Test(
    "another process's commit arrives through the store's change records",
    .timeLimit(.minutes(1)))
  func otherProcess() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let watched = try await store.open()
    let other = try await store.open()
    defer {
      try? watched.close()
      try? other.close()
    }
    var values = watched.observe(list: TodoList.inboxID).makeAsyncIterator()
    let first = try #require(try await values.next())
    #expect(first.todos.isEmpty)
    // Written through another container: only the change log and polling can tell `watched`.
    let todo = try await other.createTodo(NewTodo(title: "from elsewhere"))
    let next = try #require(try await values.next())
    #expect(next.todos == [todo])
    #expect(next.sequence > first.sequence)
    let done = try await other.updateTodo(id: todo.id, TodoPatch(status: .done))
    let after = try #require(try await values.next())
    #expect(after.todos == [done])
    #expect(after.todos.first?.version == 2)
  }

  @Test("observers of one list share one observation", .timeLimit(.minutes(1)))
  func shared() async throws {
    try await TemporaryStore.with { service, _ in
      let before = service.container.observerCount
      var a = service.observe(list: TodoList.inboxID).makeAsyncIterator()
      var b = service.observe(list: TodoList.inboxID).makeAsyncIterator()
      _ = try await a.next()
      _ = try await b.next()
      // One observation of the lists, one of the Inbox's todos, whatever the observers.
      #expect(service.container.observerCount == before + 2)
      let todo = try await service.createTodo(NewTodo(title: "shared"))
      #expect(try await a.next()?.todos == [todo])
      #expect(try await b.next()?.todos == [todo])
    }
  }
}
