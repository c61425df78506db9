import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService export and import")
struct TransferTests {
  @Test("an export imported into a new store gives the same lists and todos")
  func roundTrip() async throws {
    let exported = try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      _ = try await service.createTodo(
        NewTodo(
          title: "Report", listID: work.id, notes: "Q1",
          deadline: try Deadline(parsing: "2026-03-31T12:00"), section: "Writing"))
      let gone = try await service.createTodo(NewTodo(title: "Trashed but kept"))
      _ = try await service.trashTodo(id: gone.id)
      let trip = try await service.createTodo(NewTodo(title: "Trip", listID: work.id))
      _ = try await service.createTodo(NewTodo(title: "Pack", parentID: trip.id))
      return try await service.export()
    }
    let data = try ExportDocument.encoder.encode(exported)
    try await TemporaryStore.with { service, _ in
      let written = try await service.importJSON(data)
      #expect(written.lists == 2)
      #expect(written.todos == 4)
      let again = try await service.export()
      #expect(Set(again.lists.map(\.name)) == ["Inbox", "Work"])
      #expect(Set(again.todos) == Set(exported.todos))
      #expect(try await service.trash().todos.map(\.title) == ["Trashed but kept"])
      // The subtask comes back under its parent.
      let work = try #require(again.lists.first { $0.name == "Work" })
      let outline = TodoOutline(try await service.todos(inList: work.id)).rows.map {
        "\($0.level) \($0.todo.title)"
      }
      #expect(outline == ["0 Report", "0 Trip", "1 Pack"])
    }
  }

  @Test("an invalid document writes nothing and says what is wrong")
  func invalid() async throws {
    try await TemporaryStore.with { service, clock in
      let date = clock.next()
      let good = Todo(
        listID: TodoList.inboxID, title: "fine", order: try .between(nil, nil), createdAt: date,
        updatedAt: date)
      var bad = good
      bad.id = UUID()
      bad.title = "   "
      var orphan = good
      orphan.id = UUID()
      orphan.listID = UUID()
      var nested = good
      nested.id = UUID()
      nested.parentID = nested.id

      func reason(_ document: ExportDocument) async -> String? {
        do {
          try await service.importDocument(document)
          return nil
        } catch let TodoError.invalidImport(reason) {
          return reason
        } catch {
          return "unexpected \(error)"
        }
      }
      #expect(
        await reason(ExportDocument(exportedAt: date, lists: [], todos: [good, bad]))?
          .hasPrefix("todos[1]: title") == true)
      #expect(
        await reason(ExportDocument(exportedAt: date, lists: [], todos: [good, orphan]))?
          .hasPrefix("todos[1]: list") == true)
      #expect(
        await reason(ExportDocument(exportedAt: date, lists: [], todos: [good, good]))?
          .contains("appears twice") == true)
      #expect(
        await reason(ExportDocument(exportedAt: date, lists: [], todos: [good, nested]))?
          .hasPrefix("todos[1]: ") == true)
      var future = ExportDocument(exportedAt: date, lists: [], todos: [good])
      future.format = 2
      #expect(await reason(future)?.contains("format 2") == true)
      #expect(try await service.todos(inList: TodoList.inboxID).isEmpty)

      await #expect(throws: TodoError.self) { try await service.importJSON(Data("{".utf8)) }
      await #expect {
        try await service.importJSON(
          Data(#"{"format":1,"exportedAt":"2026-01-01T00:00:00Z","lists":[],"todos":[{}]}"#.utf8))
      } throws: { error in
        guard case TodoError.invalidImport(let reason)? = error as? TodoError else { return false }
        return reason.hasPrefix("todos[0]")
      }
    }
  }

  @Test("importing over existing todos replaces them with a newer version")
  func replace() async throws {
    try await TemporaryStore.with { service, _ in
      let todo = try await service.createTodo(NewTodo(title: "Before"))
      _ = try await service.updateTodo(id: todo.id, TodoPatch(title: "Changed twice"))
      var document = try await service.export()
      document.todos[0].title = "Imported"
      document.todos[0].version = 1
      try await service.importDocument(document)
      let stored = try await service.todo(id: todo.id)
      #expect(stored.title == "Imported")
      #expect(stored.version == 3)
    }
  }

  @Test("a write by another process on the same file is detected as a version conflict")
  func otherProcess() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let mine = try await store.open()
    let theirs = try await store.open()
    defer {
      try? mine.close()
      try? theirs.close()
    }
    let todo = try await mine.createTodo(NewTodo(title: "Shared"))
    _ = try await theirs.updateTodo(id: todo.id, TodoPatch(title: "Theirs"), expectedVersion: 1)
    await #expect(throws: TodoError.versionConflict(id: todo.id, current: 2)) {
      try await mine.updateTodo(id: todo.id, TodoPatch(title: "Mine"), expectedVersion: 1)
    }
    #expect(try await mine.todo(id: todo.id).title == "Theirs")
  }
}
