import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService trash and search")
struct TrashAndSearchTests {
  @Test("trashed todos leave the list, keep their place on restore, and die only when emptied")
  func trash() async throws {
    try await TemporaryStore.with { service, _ in
      let a = try await service.createTodo(NewTodo(title: "a"))
      let b = try await service.createTodo(NewTodo(title: "b", notes: "typed text"))
      let c = try await service.createTodo(NewTodo(title: "c"))
      let trashed = try await service.trashTodo(id: b.id)
      #expect(trashed.isTrashed)
      #expect(try await service.todos(inList: TodoList.inboxID).map(\.id) == [a.id, c.id])
      #expect(try await service.trash().todos.map(\.id) == [b.id])
      await #expect(throws: TodoError.notFound(entity: "todo", id: b.id.uuidString)) {
        try await service.todo(id: b.id)
      }

      let restored = try await service.restoreTodo(id: b.id)
      #expect(restored.notes == "typed text")
      #expect(try await service.todos(inList: TodoList.inboxID).map(\.id) == [a.id, b.id, c.id])
      let again = try await service.restoreTodo(id: b.id)
      #expect(again == restored, "restoring a live todo changes nothing")
      await #expect(throws: TodoError.self) { try await service.restoreTodo(id: UUID()) }

      _ = try await service.trashTodo(id: c.id)
      let emptied = try await service.emptyTrash()
      #expect(emptied.todos == 1)
      #expect(try await service.trash().todos.isEmpty)
      await #expect(throws: TodoError.self) { try await service.restoreTodo(id: c.id) }
      #expect(try await service.todos(inList: TodoList.inboxID).map(\.id) == [a.id, b.id])
    }
  }

  @Test("clearing a list trashes all its todos, or only the completed ones")
  func clear() async throws {
    try await TemporaryStore.with { service, _ in
      let open = try await service.createTodo(NewTodo(title: "open"))
      _ = try await service.createTodo(NewTodo(title: "done", status: .done))
      let cleared = try await service.trashTodos(inList: TodoList.inboxID, status: .done)
      #expect(cleared.map(\.title) == ["done"])
      #expect(try await service.todos(inList: TodoList.inboxID).map(\.id) == [open.id])
      _ = try await service.trashTodos(inList: TodoList.inboxID)
      #expect(try await service.todos(inList: TodoList.inboxID).isEmpty)
      #expect(try await service.trash().todos.count == 2)
    }
  }

  @Test("emptying the trash deletes trashed lists with all their todos")
  func emptyLists() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      _ = try await service.createTodo(NewTodo(title: "x", listID: work.id))
      _ = try await service.trashList(id: work.id)
      let emptied = try await service.emptyTrash()
      #expect(emptied.lists == 1)
      #expect(emptied.todos == 1)
      #expect(try await service.export().todos.isEmpty)
      #expect(try await service.export().lists.map(\.name) == ["Inbox"])
    }
  }

  @Test("one todo or one list of the trash is deleted for good, the rest stays")
  func deleteOneForever() async throws {
    try await TemporaryStore.with { service, _ in
      let gone = try await service.createTodo(NewTodo(title: "gone"))
      let kept = try await service.createTodo(NewTodo(title: "kept"))
      let live = try await service.createTodo(NewTodo(title: "live"))
      try await service.trashTodo(id: gone.id)
      try await service.trashTodo(id: kept.id)
      // A live todo is not in the trash: nothing to delete for good.
      await #expect(throws: TodoError.notFound(entity: "todo in the trash", id: live.id.uuidString))
      {
        try await service.deleteTrashedTodo(id: live.id)
      }
      try await service.deleteTrashedTodo(id: gone.id)
      #expect(try await service.trash().todos.map(\.title) == ["kept"])
      #expect(try await service.export().todos.map(\.title).sorted() == ["kept", "live"])

      let work = try await service.createList(named: "Work")
      let old = try await service.createList(named: "Old")
      _ = try await service.createTodo(NewTodo(title: "in work", listID: work.id))
      _ = try await service.createTodo(NewTodo(title: "in old", listID: old.id))
      _ = try await service.trashList(id: work.id)
      _ = try await service.trashList(id: old.id)
      #expect(try await service.deleteTrashedList(id: work.id) == 1)
      let trash = try await service.trash()
      #expect(trash.lists.map(\.name) == ["Old"])
      #expect(Set(trash.todos.map(\.title)) == ["kept", "in old"])
      await #expect(throws: TodoError.self) { try await service.deleteTrashedList(id: work.id) }
    }
  }

  @Test("search matches title or notes ignoring case, with statuses and a deadline range")
  func search() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      _ = try await service.createTodo(
        NewTodo(title: "Pay TAXES", deadline: try Deadline(parsing: "2026-04-15")))
      _ = try await service.createTodo(
        NewTodo(
          title: "Call Bob", listID: work.id, notes: "about the tax form",
          deadline: try Deadline(parsing: "2026-04-30T17:00"), status: .inProgress))
      _ = try await service.createTodo(NewTodo(title: "Buy milk", status: .done))
      let trashed = try await service.createTodo(NewTodo(title: "old tax thing"))
      _ = try await service.trashTodo(id: trashed.id)

      func titles(_ search: TodoSearch) async throws -> [String] {
        try await service.search(search).map(\.title)
      }
      #expect(try await titles(TodoSearch(text: "tax")) == ["Pay TAXES", "Call Bob"])
      #expect(try await titles(TodoSearch(text: "TAX", statuses: [.inProgress])) == ["Call Bob"])
      #expect(try await titles(TodoSearch(statuses: [.done])) == ["Buy milk"])
      #expect(
        try await titles(TodoSearch(deadlineTo: try Deadline(parsing: "2026-04-20")))
          == ["Pay TAXES"])
      #expect(
        try await titles(
          TodoSearch(
            deadlineFrom: try Deadline(parsing: "2026-04-30"),
            deadlineTo: try Deadline(parsing: "2026-04-30"))) == ["Call Bob"])
      #expect(try await titles(TodoSearch(text: "tax", listID: work.id)) == ["Call Bob"])
      #expect(try await titles(TodoSearch(text: "nothing like this")).isEmpty)
      await #expect {
        try await service.search(
          TodoSearch(
            deadlineFrom: try Deadline(parsing: "2026-05-01"),
            deadlineTo: try Deadline(parsing: "2026-04-01")))
      } throws: { ($0 as? TodoError)?.validationField == "deadline" }
    }
  }
}
