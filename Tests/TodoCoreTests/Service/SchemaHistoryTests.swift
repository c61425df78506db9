import Foundation
import GRDB
import Persistence
import PersistenceTestSupport
import Testing

@testable import TodoCore

/// Stores written by every earlier schema version of the todo app open with today's code, as
/// an upgrade must, on both engines: the migrations they lack run once, nothing they held is
/// lost or changed, and today's export contains everything the old binary exported.
///
/// Each fixture in `Fixtures/schema` is the dump of a store that the `todo` binary of an
/// earlier commit filled with the same commands (`Fixtures/schema/README.md`): an `sqlite3
/// .dump` (`vN-name.sql`) and, from the version the PostgreSQL engine came with, a `pg_dump`
/// (`vN-name.postgres.sql`), each with that binary's `todo export` beside it.
@Suite("Earlier schema versions")
struct SchemaHistoryTests {
  static let fixtures = [
    "v1-create", "v2-list-live-order", "v3-store-version", "v4-accounts", "v5-calendar-data",
    "v6-caldav", "v7-repeats", "v8-start-dates", "v9-time-zone", "v10-reminders", "v11-alarms",
    "v12-mail", "v13-priority-tags", "v14-saved-filters", "v15-calendar-paths",
    "v16-history-marks",
  ]
  /// The fixtures with a PostgreSQL dump: every version since the engine came.
  static let postgresFixtures = Array(fixtures.dropFirst(2))

  @Test(
    "a SQLite store of an earlier version opens, migrates once and keeps every todo",
    arguments: fixtures)
  func opensEarlierVersion(_ fixture: String) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("todo.sqlite")
    try Self.load(fixture, into: database)

    try await Self.checkUpgrade(of: .file(database), export: Self.url(fixture, "export.json"))

    // Migrated once: the store lists each migration one time.
    let queue = try DatabaseQueue(path: database.path)
    let migrations: [String] = try queue.inDatabase { db in
      try String.fetchAll(
        db, sql: "SELECT identifier FROM persistence_migrations ORDER BY position")
    }
    try queue.close()
    #expect(Set(migrations).count == migrations.count)
    #expect(migrations.contains("todo/store-version"))
  }

  @Test(
    "a PostgreSQL store of an earlier version opens, migrates once and keeps every todo",
    .enabled(if: ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"] != nil),
    arguments: postgresFixtures)
  func opensEarlierVersionOnPostgres(_ fixture: String) async throws {
    let location = try TestStoreLocation.newPostgresStore()
    defer { TestStoreLocation.remove(location) }
    try TestStoreLocation.psql(
      file: try #require(Self.url("\(fixture).postgres", "sql")), into: location)
    try await Self.checkUpgrade(
      of: location, export: Self.url("\(fixture).postgres", "export.json"))
  }

  /// Opens the store at `location` twice and checks what the fixtures' commands wrote, then
  /// that writes work on it; on the first opening, that today's export contains the old
  /// binary's `export`, if there is one.
  static func checkUpgrade(of location: StoreLocation, export: URL?) async throws {
    for opening in 0..<2 {
      let service = try await TodoService.open(location)
      defer { try? service.close() }
      if opening == 0, let export {
        let old = try JSONSerialization.jsonObject(with: Data(contentsOf: export))
        let new = try JSONSerialization.jsonObject(
          with: ExportDocument.encoder.encode(try await service.export()))
        var differences: [String] = []
        ExportContainment.check(old, in: new, at: "", into: &differences)
        #expect(differences.isEmpty, "today's export lacks what the old one had: \(differences)")
      }
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

    // Writes work on the migrated store: the version check, user order, the trash.
    let service = try await TodoService.open(location)
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

  /// A fixture's file, if it exists.
  static func url(_ name: String, _ type: String) -> URL? {
    Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Fixtures/schema")
  }

  /// Creates `database` from the fixture's SQL dump (and its `user_version`).
  static func load(_ fixture: String, into database: URL) throws {
    let file = try #require(Self.url(fixture, "sql"))
    let sql = try String(contentsOf: file, encoding: .utf8)
    let queue = try DatabaseQueue(path: database.path)
    try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    try queue.close()
  }
}

/// Whether one JSON value contains another: every key of an object with a value that contains
/// the old one, arrays of the same length in the same order, equal scalars. Keys only the new
/// value has are what later versions added.
enum ExportContainment {
  /// Appends to `differences` where `new` lacks or changes what `old` has.
  static func check(_ old: Any, in new: Any, at path: String, into differences: inout [String]) {
    switch (old, new) {
    case (let old as [String: Any], let new as [String: Any]):
      for (key, value) in old where key != "exportedAt" {
        guard let newValue = new[key] else {
          differences.append("\(path).\(key) is missing")
          continue
        }
        check(value, in: newValue, at: "\(path).\(key)", into: &differences)
      }
    case (let old as [Any], let new as [Any]):
      guard old.count == new.count else {
        differences.append("\(path) has \(new.count) elements, not \(old.count)")
        return
      }
      for (index, pair) in zip(old, new).enumerated() {
        check(pair.0, in: pair.1, at: "\(path)[\(index)]", into: &differences)
      }
    default:
      // Scalars as JSONSerialization gives them: strings, numbers, booleans, null.
      if String(describing: old) != String(describing: new) {
        differences.append("\(path) is \(new), not \(old)")
      }
    }
  }
}
