import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService lists")
struct ListOperationsTests {
  @Test("a new store has exactly one list, the Inbox, and reopening does not add another")
  func inbox() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let first = try await store.open()
    #expect(try await first.lists().map(\.name) == ["Inbox"])
    #expect(try await first.lists().first?.id == TodoList.inboxID)
    try first.close()
    let second = try await store.open()
    #expect(try await second.lists().count == 1)
    try second.close()
  }

  @Test("a list reads back as it was written: name, order, each date, trashed or not")
  func readBack() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Wörk \"quoted\"")
      let renamed = try await service.renameList(id: work.id, to: "Office")
      #expect(renamed.updatedAt > renamed.createdAt)
      let home = try await service.createList(named: "Home")
      let trashed = try await service.trashList(id: home.id)
      #expect(try await service.list(id: work.id) == renamed)
      #expect(try await service.lists().last == renamed)
      #expect(trashed.deletedAt != nil)
      #expect(try await service.trash().lists == [trashed])
    }
  }

  @Test("lists are created at the end, renamed, reordered and found by name")
  func crud() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "  Work ")
      let home = try await service.createList(named: "Home")
      #expect(work.name == "Work")
      #expect(try await service.lists().map(\.name) == ["Inbox", "Work", "Home"])

      _ = try await service.moveList(id: home.id, to: .top)
      #expect(try await service.lists().map(\.name) == ["Home", "Inbox", "Work"])
      _ = try await service.moveList(id: home.id, to: .after(work.id))
      #expect(try await service.lists().map(\.name) == ["Inbox", "Work", "Home"])
      _ = try await service.moveList(id: work.id, to: .bottom)
      #expect(try await service.lists().map(\.name) == ["Inbox", "Home", "Work"])

      let renamed = try await service.renameList(id: work.id, to: "Office")
      #expect(renamed.name == "Office")
      #expect(try await service.list(named: "office").id == work.id)
      #expect(try await service.list(id: work.id).name == "Office")
    }
  }

  @Test("names must be valid and unique ignoring case")
  func names() async throws {
    try await TemporaryStore.with { service, _ in
      _ = try await service.createList(named: "Work")
      await #expect(throws: TodoError.self) { try await service.createList(named: "work") }
      await #expect(throws: TodoError.self) { try await service.createList(named: "   ") }
      await #expect(throws: TodoError.self) {
        try await service.renameList(id: TodoList.inboxID, to: "WORK")
      }
    }
  }

  @Test("unknown lists and positions are not found")
  func unknown() async throws {
    try await TemporaryStore.with { service, _ in
      let missing = UUID()
      await #expect(throws: TodoError.notFound(entity: "list", id: missing.uuidString)) {
        try await service.list(id: missing)
      }
      await #expect(throws: TodoError.notFound(entity: "list", id: missing.uuidString)) {
        try await service.moveList(id: TodoList.inboxID, to: .before(missing))
      }
      await #expect(throws: TodoError.self) { try await service.list(named: "Nope") }
    }
  }

  @Test("a trashed list hides its todos and comes back with them; the Inbox stays")
  func trash() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      let todo = try await service.createTodo(NewTodo(title: "Report", listID: work.id))
      _ = try await service.trashList(id: work.id)
      #expect(try await service.lists().map(\.name) == ["Inbox"])
      await #expect(throws: TodoError.self) { try await service.todos(inList: work.id) }
      let trash = try await service.trash()
      #expect(trash.lists.map(\.id) == [work.id])
      #expect(trash.todos.map(\.id) == [todo.id])
      #expect(try await service.search(TodoSearch(text: "report")).isEmpty)

      _ = try await service.restoreList(id: work.id)
      #expect(try await service.todos(inList: work.id).map(\.id) == [todo.id])
      await #expect(
        throws: TodoError.validation(
          field: "list", message: "the Inbox cannot be deleted")
      ) {
        try await service.trashList(id: TodoList.inboxID)
      }
    }
  }
}
