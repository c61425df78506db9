import Foundation
import GRDB
import Persistence
import PersistenceTestSupport
import Testing

@testable import TodoCore

/// `StoreBackup`: whole-store backups on the run's engine, restored into the same engine and
/// the other one.
@Suite("store backups")
struct StoreBackupTests {
  /// A store with something of every kind a backup must carry.
  static func populate(_ service: TodoService) async throws {
    let account = try await service.createAccount(named: "ann", passwordHash: "hash-of-ann")
    let bob = try await service.createAccount(named: "bob", passwordHash: "hash-of-bob")
    let ann = service.acting(as: Principal(account))
    let work = try await ann.createList(named: "Work")
    let report = try await ann.createTodo(
      NewTodo(title: "Report", listID: work.id, priority: .p1, tags: ["office"]))
    _ = try await ann.createTodo(NewTodo(title: "Slides", listID: work.id, parentID: report.id))
    let gone = try await ann.createTodo(NewTodo(title: "Old", listID: work.id))
    _ = try await ann.trashTodo(id: gone.id)
    _ = try await ann.addReminder(to: report.id, .at(Date(timeIntervalSince1970: 1_800_000_000)))
    _ = try await ann.createSavedFilter(named: "Urgent", query: "p1")
    _ = try await ann.share(list: work.id, with: bob.name, as: .editor)
    _ = try await service.createToken(
      id: UUID(), for: account.id, named: "laptop", scope: .readWrite, secretHash: "token-hash")
  }

  /// The export of everything, without the moment it was made.
  static func export(_ service: TodoService) async throws -> ExportDocument {
    var document = try await service.export()
    document.exportedAt = Date(timeIntervalSince1970: 0)
    return document
  }

  /// Every object's identifier and version but the sessions', which a backup leaves out.
  static func identities(_ container: PersistentContainer) async throws -> [String: [UUID: Version]]
  {
    try await container.snapshot().excluding(StoreBackup.excluded).identities
  }

  /// Runs `body` with a populated store, its service and a backup of it in the store's
  /// directory, then closes and removes them.
  static func withBackup(
    _ body: (TodoService, URL, _ directory: URL, StoreBackup.Summary) async throws -> Void
  ) async throws {
    let source = try TemporaryStore()
    defer { source.remove() }
    let service = try await source.open()
    defer { try? service.close() }
    try await populate(service)
    let file = source.directory.appendingPathComponent("backup.sqlite")
    let summary = try await StoreBackup.write(service.container, to: file)
    try await body(service, file, source.directory, summary)
  }

  @Test("a backup restores to the same objects at the same versions, sessions left out")
  func roundTrip() async throws {
    try await Self.withBackup { service, file, _, summary in
      #expect(summary.counts[Todo.entityName] == 3)
      #expect(summary.counts[Account.entityName] == 2)
      #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))

      let target = try TemporaryStore()
      defer { target.remove() }
      let restored = try await target.open()
      defer { try? restored.close() }
      try await StoreBackup.restore(file, into: restored.container, replacing: false)
      #expect(try await Self.identities(restored.container) == Self.identities(service.container))
      #expect(try await Self.export(restored) == Self.export(service))
      let tokens = try await restored.container.read { try $0.fetch(FetchRequest<AccessToken>()) }
      #expect(tokens.map(\.secretHash) == ["token-hash"])
    }
  }

  @Test("a backup goes from this run's engine to the other and back unchanged")
  func acrossEngines() async throws {
    try await Self.withBackup { service, first, directory, _ in

      // The other engine: a SQLite file when this run is on PostgreSQL, and PostgreSQL (when
      // the test cluster is there) when it is on SQLite.
      let other: StoreLocation
      if TestStoreLocation.isPostgres {
        other = .file(directory.appendingPathComponent("other.sqlite"))
      } else if ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"] != nil {
        other = try TestStoreLocation.newPostgresStore()
      } else {
        other = .file(directory.appendingPathComponent("other.sqlite"))
      }
      defer { TestStoreLocation.remove(other) }
      let across = try await TodoService.open(other)
      defer { try? across.close() }
      try await StoreBackup.restore(first, into: across.container, replacing: false)
      let second = directory.appendingPathComponent("second.sqlite")
      try await StoreBackup.write(across.container, to: second)

      let back = try TemporaryStore()
      defer { back.remove() }
      let returned = try await back.open()
      defer { try? returned.close() }
      try await StoreBackup.restore(second, into: returned.container, replacing: false)
      #expect(try await Self.identities(returned.container) == Self.identities(service.container))
      #expect(try await Self.export(returned) == Self.export(service))
    }
  }

  @Test("a backup taken during a burst of writes holds whole transactions only")
  func consistentDuringWrites() async throws {
    let source = try TemporaryStore()
    defer { source.remove() }
    let service = try await source.open()
    defer { try? service.close() }
    // Each write makes a list and its todo in one transaction.
    let writer = Task {
      for index in 0..<60 {
        _ = try await service.write { tx in
          let list = TodoList(
            id: UUID(),
            name: "Burst \(index)", order: try OrderKey.between(nil, nil),
            createdAt: Date(), updatedAt: Date())
          try tx.insert(list, at: .bottom)
          try tx.insert(
            Todo(
              listID: list.id, title: "Of burst \(index)", order: try OrderKey.between(nil, nil),
              createdAt: Date(), updatedAt: Date()), at: .bottom)
        }
      }
    }
    var files: [URL] = []
    for index in 0..<4 {
      let file = source.directory.appendingPathComponent("burst-\(index).sqlite")
      try await StoreBackup.write(service.container, to: file)
      files.append(file)
    }
    try await writer.value
    for file in files {
      let snapshot = try await StoreBackup.read(file)
      let lists = Set(snapshot.objects(TodoList.self).map(\.id))
      let todos = snapshot.objects(Todo.self)
      #expect(lists.count == todos.count + 1, "a list without its todo, or the reverse")
      #expect(todos.allSatisfy { lists.contains($0.listID) })
    }
  }

  @Test("a restore refuses a store with data unless told to replace it, in one transaction")
  func refusesAndReplaces() async throws {
    try await Self.withBackup { service, file, _, _ in

      let target = try TemporaryStore()
      defer { target.remove() }
      let busy = try await target.open()
      defer { try? busy.close() }
      let kept = try await busy.createTodo(NewTodo(title: "Mine"))
      await #expect(throws: TodoError.self) {
        try await StoreBackup.restore(file, into: busy.container, replacing: false)
      }
      #expect(try await busy.todo(id: kept.id).title == "Mine")
      let sequence = try await busy.container.read { try $0.changeSequence() }

      try await StoreBackup.restore(file, into: busy.container, replacing: true)
      #expect(try await Self.identities(busy.container) == Self.identities(service.container))
      // The history before the restore is gone: a reader that remembers a sequence from before
      // (a sync token, a page's revision) starts over.
      let after = try await busy.container.read {
        (try $0.changeSequence(), try $0.changedIdentifiers(of: Todo.self, after: sequence))
      }
      #expect(after.0.rawValue > UInt64(1) << 32)
      #expect(after.1 == nil)
    }
  }

  @Test("a file that is not a backup, or one of a newer version, is refused by name")
  func refusesOtherFiles() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let service = try await store.open()
    defer { try? service.close() }
    let text = store.directory.appendingPathComponent("notes.txt")
    try "not a database".write(to: text, atomically: true, encoding: .utf8)
    do {
      try await StoreBackup.restore(text, into: service.container, replacing: false)
      Issue.record("a text file was restored")
    } catch let error as TodoError {
      #expect("\(error)".contains("\(text.path) is not a backup of todo"), "\(error)")
    }

    let file = store.directory.appendingPathComponent("newer.sqlite")
    try await StoreBackup.write(service.container, to: file)
    try await DatabaseQueue(path: file.path).write { db in
      try db.execute(sql: "INSERT INTO persistence_migrations VALUES ('todo/from the future', 999)")
    }
    do {
      try await StoreBackup.restore(file, into: service.container, replacing: false)
      Issue.record("a backup of a newer version was restored")
    } catch let error as TodoError {
      #expect("\(error)".contains("written by newer code"), "\(error)")
    }
  }
}
