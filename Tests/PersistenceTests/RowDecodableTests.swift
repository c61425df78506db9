import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport
import Testing

/// The test app's todo with a hand-written `init(row:)`: the same table as `Todo`, whose
/// `init(row:)` `@Entity` writes.
private struct RowTodo: RowDecodable, Equatable {
  var id: UUID
  var listID: UUID
  var title: String
  var done: Bool
  var priority: Int
  var due: Date?
  var note: String?
  /// Counts the rows read by `init(row:)`, to show which path a fetch took.
  nonisolated(unsafe) static var rowsRead = 0

  static let entityName = "todo"
  static let listID = Attribute("listID", \RowTodo.listID)
  static let title = Attribute("title", \RowTodo.title)
  static let done = Attribute("done", \RowTodo.done)
  static let priority = Attribute("priority", \RowTodo.priority)
  static let due = Attribute("due", \RowTodo.due)
  static let note = Attribute("note", \RowTodo.note)
  static let attributes = [
    listID.erased, title.erased, done.erased, priority.erased, due.erased, note.erased,
  ]
  static let migrations = Todo.migrations

  init(row: StoredRow<RowTodo>) throws {
    id = try row.id
    listID = try row[Self.listID]
    title = try row[Self.title]
    done = try row[Self.done]
    priority = try row[Self.priority]
    due = try row[Self.due]
    note = try row[Self.note]
    Self.rowsRead += 1
  }
}

/// The test app's todo read through `Decodable`: the path of an entity that declares its
/// conformance by hand without `RowDecodable`.
private struct DecodedTodo: Entity {
  var id: UUID
  var listID: UUID
  var title: String
  var done: Bool
  var priority: Int
  var due: Date?
  var note: String?

  static let entityName = "todo"
  static let attributes = [
    Attribute("listID", \DecodedTodo.listID).erased, Attribute("title", \DecodedTodo.title).erased,
    Attribute("done", \DecodedTodo.done).erased,
    Attribute("priority", \DecodedTodo.priority).erased,
    Attribute("due", \DecodedTodo.due).erased, Attribute("note", \DecodedTodo.note).erased,
  ]
  static let migrations = Todo.migrations
}

/// What the todo types read from one row of the table, to compare them.
private protocol TodoColumns {
  var id: UUID { get }
  var listID: UUID { get }
  var title: String { get }
  var done: Bool { get }
  var priority: Int { get }
  var due: Date? { get }
  var note: String? { get }
}

/// A todo's columns as one comparable value.
private struct TodoFields: Equatable {
  var id: UUID
  var listID: UUID
  var title: String
  var done: Bool
  var priority: Int
  var due: Date?
  var note: String?
}

extension TodoColumns {
  var fields: TodoFields {
    TodoFields(
      id: id, listID: listID, title: title, done: done, priority: priority, due: due, note: note)
  }
}

extension Todo: TodoColumns {}
extension RowTodo: TodoColumns {}
extension DecodedTodo: TodoColumns {}

@Suite("RowDecodable", .serialized)
struct RowDecodableTests {
  @Test("init(row:), by hand and by @Entity, reads what Decodable reads, NULLs included")
  func sameObjects() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let list = UUID()
    let written = [
      Todo(listID: list, title: "plain"),
      Todo(
        listID: list, title: "full é 🍎", done: true, priority: -3,
        due: Date(timeIntervalSince1970: 1_772_000_000.5), note: "a\nb"),
      Todo(listID: list, title: "", priority: Int(Int32.max) + 1, note: ""),
    ]
    let generated = try await {
      let container = try await PersistentContainer(
        directory.store, entities: [Todo.self])
      defer { try? container.close() }
      try await container.write { tx in
        for todo in written { try tx.insert(todo) }
      }
      return try await container.read { tx in try tx.fetch(FetchRequest<Todo>()) }
    }()
    let decoded = try await {
      let container = try await PersistentContainer(
        directory.store, entities: [DecodedTodo.self])
      defer { try? container.close() }
      return try await container.read { tx in try tx.fetch(FetchRequest<DecodedTodo>()) }
    }()
    #expect(Set(decoded.map(\.id)) == Set(written.map(\.id)))
    #expect(generated.map(\.fields) == decoded.map(\.fields))

    let container = try await PersistentContainer(
      directory.store, entities: [RowTodo.self])
    defer { try? container.close() }
    RowTodo.rowsRead = 0
    let read = try await container.read { tx in try tx.fetch(FetchRequest<RowTodo>()) }
    #expect(RowTodo.rowsRead == 3, "the fetch went through init(row:)")
    #expect(read.count == decoded.count)
    #expect(read.map(\.fields) == decoded.map(\.fields))
  }

  @Test("a value of the wrong storage class is an invalid value, not a silent conversion")
  func wrongStorageRefused() async throws {
    // A row another program wrote: a word where the priority number belongs. PostgreSQL's
    // columns are typed, so there the column is made text first.
    let retype =
      TestStoreLocation.isPostgres ? "ALTER TABLE todo ALTER COLUMN priority TYPE TEXT;" : ""
    try await withOutsideRow(OutsideRow(title: "'odd'", priority: "'high'"), before: retype) {
      container in
      await #expect {
        try await container.read { tx in try tx.fetch(FetchRequest<RowTodo>()) }
      } throws: { Self.isInvalidValue($0, of: "Int64") }
    }
  }

  @Test("a UUID column that does not hold 16 bytes is an invalid UUID, not a crash or a guess")
  func shortUUIDRefused() async throws {
    let fifteenBytes =
      TestStoreLocation.isPostgres
      ? "decode('000102030405060708090a0b0c0d0e', 'hex')" : "X'000102030405060708090a0b0c0d0e'"
    try await withOutsideRow(OutsideRow(listID: fifteenBytes, title: "'short'")) { container in
      await #expect {
        try await container.read { tx in try tx.fetch(FetchRequest<RowTodo>()) }
      } throws: { Self.isInvalidValue($0, of: "UUID") }
    }
  }

  @Test(
    "SQLite text is read by its length: a NUL inside is kept, bytes that are not UTF-8 are repaired",
    .enabled(if: !TestStoreLocation.isPostgres))
  func textByLength() async throws {
    let id = UUID()
    // 'a', NUL, 'b' as the title; 'c', a lone continuation byte, 'd' as the note.
    try await withOutsideRow(
      OutsideRow(id: id, title: "CAST(X'610062' AS TEXT)", note: "CAST(X'638064' AS TEXT)")
    ) { container in
      let read = try await container.read { tx in try tx.fetch(FetchRequest<RowTodo>()) }
      let todo = try #require(read.first)
      #expect(todo.id == id)
      #expect(Array(todo.title.utf8) == [0x61, 0x00, 0x62])
      #expect(todo.note == "c\u{FFFD}d")
    }
  }

  @Test(
    "a version that SQLite holds as text is an invalid value, not read as 0",
    .enabled(if: !TestStoreLocation.isPostgres))
  func textVersionRefused() async throws {
    let id = UUID()
    try await withOutsideRow(OutsideRow(id: id, version: "'one'", title: "'text version'")) {
      container in
      await #expect {
        try await container.read { tx in try tx.fetch(FetchRequest<RowTodo>()) }
      } throws: { Self.isInvalidValue($0, of: "Version") }
      await #expect {
        try await container.read { tx in try tx.object(RowTodo.self, id: id) }
      } throws: { Self.isInvalidValue($0, of: "Version") }
    }
  }

  /// One row of the todo table that another program writes, its values as SQL.
  private struct OutsideRow {
    var id = UUID()
    var version = "1"
    /// The list's column; a new identifier without one.
    var listID: String?
    var title: String
    var priority = "1"
    var note = "NULL"
  }

  /// Runs `body` with a container of ``RowTodo``s on the run's engine, after another
  /// connection ran `before` and inserted `row`.
  private func withOutsideRow(
    _ row: OutsideRow, before: String = "", _ body: (PersistentContainer) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(directory.store, entities: [RowTodo.self])
    defer { try? container.close() }
    let outside = OutsideConnection(directory)
    let listID = row.listID ?? outside.literal(UUID())
    try await outside.execute(
      before + #"INSERT INTO todo (id, version, "listID", title, done, priority, due, note) "#
        + "VALUES (\(outside.literal(row.id)), \(row.version), \(listID), \(row.title), 0, "
        + "\(row.priority), NULL, \(row.note))")
    try await body(container)
  }

  /// Whether `error` is `PersistenceError.invalidValue` for a value of `type`.
  private static func isInvalidValue(_ error: any Error, of type: String) -> Bool {
    guard case .invalidValue(let found, _) = error as? Persistence.PersistenceError else {
      return false
    }
    return found == type
  }
}
