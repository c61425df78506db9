import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("TodoService todos")
struct TodoOperationsTests {
  @Test("a created todo is validated, trimmed, versioned and placed at the bottom of the Inbox")
  func create() async throws {
    try await TemporaryStore.with { service, _ in
      let first = try await service.createTodo(NewTodo(title: "  Milk  "))
      let second = try await service.createTodo(
        NewTodo(
          title: "Apples", notes: "green", deadline: try Deadline(parsing: "2026-03-01"),
          section: " Fruit "))
      #expect(first.title == "Milk")
      #expect(first.version == 1)
      #expect(first.listID == TodoList.inboxID)
      #expect(first.status == .notStarted)
      #expect(second.section == "Fruit")
      #expect(first.order < second.order)
      let stored = try await service.todo(id: second.id)
      #expect(stored == second)
      #expect(try await service.todos(inList: TodoList.inboxID).map(\.title) == ["Milk", "Apples"])
    }
  }

  @Test("invalid drafts are refused and nothing is written")
  func invalid() async throws {
    try await TemporaryStore.with { service, _ in
      await #expect { try await service.createTodo(NewTodo(title: " ")) } throws: {
        ($0 as? TodoError)?.validationField == "title"
      }
      await #expect {
        try await service.createTodo(NewTodo(title: String(repeating: "x", count: 1_001)))
      } throws: { ($0 as? TodoError)?.validationField == "title" }
      await #expect {
        try await service.createTodo(
          NewTodo(title: "x", notes: String(repeating: "n", count: 100_001)))
      } throws: { ($0 as? TodoError)?.validationField == "notes" }
      let missing = UUID()
      await #expect(throws: TodoError.notFound(entity: "list", id: missing.uuidString)) {
        try await service.createTodo(NewTodo(title: "x", listID: missing))
      }
      let remaining = try await service.todos(inList: TodoList.inboxID)
      #expect(remaining.isEmpty)
    }
  }

  @Test("a patch changes only what it names, bumps the version and records done times")
  func patch() async throws {
    try await TemporaryStore.with { service, _ in
      let todo = try await service.createTodo(
        NewTodo(
          title: "Milk", notes: "2 litres", deadline: try Deadline(parsing: "2026-03-01"),
          section: "Dairy"))
      let done = try await service.updateTodo(
        id: todo.id, TodoPatch(title: " Oat milk ", status: .done), expectedVersion: 1)
      #expect(done.title == "Oat milk")
      #expect(done.notes == "2 litres")
      #expect(done.version == 2)
      #expect(done.doneAt != nil)
      #expect(done.updatedAt > todo.updatedAt)

      let cleared = try await service.updateTodo(
        id: todo.id, TodoPatch(status: .inProgress).clearingDeadline().clearingSection())
      #expect(cleared.deadline == nil)
      #expect(cleared.section == nil)
      #expect(cleared.doneAt == nil)
      #expect(cleared.version == 3)
      #expect(try await service.todo(id: todo.id) == cleared)

      let unchanged = try await service.updateTodo(id: todo.id, TodoPatch())
      #expect(unchanged.version == 3)
    }
  }

  @Test("a change based on an old version is a conflict and writes nothing")
  func versionConflict() async throws {
    try await TemporaryStore.with { service, _ in
      let todo = try await service.createTodo(NewTodo(title: "Milk"))
      _ = try await service.updateTodo(id: todo.id, TodoPatch(title: "Mine"), expectedVersion: 1)
      await #expect(throws: TodoError.versionConflict(id: todo.id, current: 2)) {
        try await service.updateTodo(id: todo.id, TodoPatch(title: "Theirs"), expectedVersion: 1)
      }
      await #expect(throws: TodoError.versionConflict(id: todo.id, current: 2)) {
        try await service.trashTodo(id: todo.id, expectedVersion: 1)
      }
      #expect(try await service.todo(id: todo.id).title == "Mine")
    }
  }

  @Test("a todo moves to another list's bottom")
  func changeList() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      let existing = try await service.createTodo(NewTodo(title: "Old", listID: work.id))
      let todo = try await service.createTodo(NewTodo(title: "Move me"))
      let moved = try await service.updateTodo(id: todo.id, TodoPatch(listID: work.id))
      #expect(moved.listID == work.id)
      #expect(try await service.todos(inList: work.id).map(\.id) == [existing.id, todo.id])
      #expect(try await service.todos(inList: TodoList.inboxID).isEmpty)
    }
  }

  @Test("moves put a todo before, after, at the top or bottom, writing only that todo")
  func move() async throws {
    try await TemporaryStore.with { service, _ in
      var ids: [String: UUID] = [:]
      for title in ["a", "b", "c", "d"] {
        ids[title] = try await service.createTodo(NewTodo(title: title)).id
      }
      func titles() async throws -> String {
        try await service.todos(inList: TodoList.inboxID).map(\.title).joined()
      }
      let before = try await service.todos(inList: TodoList.inboxID)
      _ = try await service.moveTodo(id: ids["d"]!, to: .before(ids["b"]!))
      #expect(try await titles() == "adbc")
      let after = try await service.todos(inList: TodoList.inboxID)
      let changed = after.filter { todo in before.first { $0.id == todo.id } != todo }
      #expect(changed.map(\.title) == ["d"])

      _ = try await service.moveTodo(id: ids["a"]!, to: .after(ids["c"]!))
      #expect(try await titles() == "dbca")
      _ = try await service.moveTodo(id: ids["c"]!, to: .top)
      #expect(try await titles() == "cdba")
      _ = try await service.moveTodo(id: ids["c"]!, to: .bottom, expectedVersion: 2)
      #expect(try await titles() == "dbac")
      await #expect(throws: TodoError.self) {
        try await service.moveTodo(id: ids["c"]!, to: .before(ids["c"]!))
      }
      let other = try await service.createList(named: "Other")
      let stranger = try await service.createTodo(NewTodo(title: "z", listID: other.id))
      await #expect(throws: TodoError.notFound(entity: "todo", id: stranger.id.uuidString)) {
        try await service.moveTodo(id: ids["c"]!, to: .before(stranger.id))
      }
    }
  }

  @Test("many moves to one spot keep keys short by rebalancing, and the order stays right")
  func rebalance() async throws {
    try await TemporaryStore.with { service, _ in
      let first = try await service.createTodo(NewTodo(title: "first"))
      let last = try await service.createTodo(NewTodo(title: "last"))
      var expected = ["first"]
      for index in 0..<80 {
        let todo = try await service.createTodo(NewTodo(title: "t\(index)"))
        _ = try await service.moveTodo(id: todo.id, to: .before(last.id))
        expected.append("t\(index)")
      }
      expected.append("last")
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(todos.map(\.title) == expected)
      #expect(todos.allSatisfy { !$0.order.needsRebalance })
      #expect(todos.first?.id == first.id)
    }
  }
}
