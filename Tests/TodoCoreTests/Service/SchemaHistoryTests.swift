import Foundation
import GRDB
import Persistence
import Testing

@testable import TodoCore

/// Stores written by every earlier schema version of the todo app open with today's code, as
/// an upgrade must: the migrations they lack run once, and nothing they held is lost or
/// changed.
///
/// Each fixture in `Fixtures/schema` is the SQL dump of a store that the `todo` binary of an
/// earlier commit filled with the same commands (`Fixtures/schema/README.md`). The PostgreSQL
/// engine was introduced at today's schema, so it has no earlier version to open.
@Suite("Earlier schema versions")
struct SchemaHistoryTests {
  static let fixtures = ["v1-create", "v2-list-live-order", "v3-store-version"]

  @Test(
    "a store of an earlier version opens, migrates once and keeps every todo", arguments: fixtures)
  func opensEarlierVersion(_ fixture: String) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("todo.sqlite")
    try Self.load(fixture, into: database)

    for opening in 0..<2 {
      let service = try await TodoService.open(.file(database))
      defer { try? service.close() }
      let lists = try await service.lists()
      #expect(lists.map(\.name) == ["Inbox", "Shopping"], "opening \(opening)")

      let inbox = try await service.todos(inList: TodoList.inboxID)
      #expect(inbox.map(\.title) == ["Call the plumber", "Buy milk", "Write the report"])
      #expect(inbox.map(\.status) == [.done, .notStarted, .inProgress])
      #expect(inbox.map(\.version) == [3, 1, 2], "the todos' versions (once a revision column)")
      #expect(inbox[1].deadline == (try Deadline(year: 2026, month: 12, day: 1)))
      #expect(inbox[1].notes == "Two litres, the blue cap")
      #expect(inbox[1].section == "Dairy")
      #expect(
        inbox[2].deadline == (try Deadline(year: 2026, month: 12, day: 3, hour: 9, minute: 30)))
      #expect(inbox[0].doneAt != nil)

      let shopping = try await service.todos(inList: lists[1].id)
      #expect(shopping.map(\.title) == ["Apples", "Pears 🍐"])
      #expect(shopping.map(\.section) == [nil, "Fruit"])

      let trash = try await service.trash()
      #expect(trash.todos.map(\.title) == ["Old thing"])
      #expect(trash.todos.map(\.version) == [2])
    }

    // Migrated once: the store lists each migration one time.
    let queue = try DatabaseQueue(path: database.path)
    let migrations: [String] = try queue.inDatabase { db in
      try String.fetchAll(
        db, sql: "SELECT identifier FROM persistence_migrations ORDER BY position")
    }
    try queue.close()
    #expect(Set(migrations).count == migrations.count)
    #expect(migrations.contains("todo/store-version"))

    // Writes work on the migrated store: the version check, user order, the trash.
    let service = try await TodoService.open(.file(database))
    defer { try? service.close() }
    let report = try #require(try await service.todos(inList: TodoList.inboxID).last)
    await #expect(throws: TodoError.self) {
      try await service.updateTodo(id: report.id, TodoPatch(title: "Stale"), expectedVersion: 1)
    }
    let renamed = try await service.updateTodo(
      id: report.id, TodoPatch(title: "Write the Q4 report"), expectedVersion: 2)
    #expect(renamed.version == 3)
    let added = try await service.createTodo(NewTodo(title: "New", listID: TodoList.inboxID))
    let old = try #require(try await service.trash().todos.first)
    _ = try await service.restoreTodo(id: old.id)
    #expect(
      try await service.todos(inList: TodoList.inboxID).map(\.title) == [
        "Call the plumber", "Buy milk", "Write the Q4 report", "Old thing", "New",
      ])
    #expect(added.version == 1)
  }

  /// Creates `database` from the fixture's SQL dump (and its `user_version`).
  static func load(_ fixture: String, into database: URL) throws {
    let url = try #require(
      Bundle.module.url(forResource: fixture, withExtension: "sql", subdirectory: "Fixtures/schema")
    )
    let sql = try String(contentsOf: url, encoding: .utf8)
    let queue = try DatabaseQueue(path: database.path)
    try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    try queue.close()
  }
}
