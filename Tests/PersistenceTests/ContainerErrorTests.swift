import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Opening stores")
struct ContainerErrorTests {
  @Test("A directory that cannot be created is reported")
  func cannotCreateDirectory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let blocker = directory.url.appendingPathComponent("blocker")
    try Data("a file".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("sub/store.sqlite")
    await #expect {
      try await PersistentContainer(.file(url), entities: [Todo.self])
    } throws: { error in
      if case ContainerError.cannotCreate = error { return true }
      return false
    }
  }

  @Test("A directory that cannot be written is reported")
  func notWritable() async throws {
    // /proc refuses new files even to the superuser, unlike a chmod-ed directory.
    let url = URL(fileURLWithPath: "/proc/persistence-store.sqlite")
    await #expect(throws: ContainerError.notWritable(path: "/proc")) {
      try await PersistentContainer(.file(url), entities: [Todo.self])
    }
  }

  @Test("A file that is not a database is reported and left as it was")
  func notADatabase() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bytes = Data(repeating: 0x42, count: 8192)
    try bytes.write(to: directory.database)
    await #expect(throws: ContainerError.notADatabase(path: directory.database.path)) {
      try await PersistentContainer(.file(directory.database), entities: [Todo.self])
    }
    #expect(try Data(contentsOf: directory.database) == bytes)
  }

  @Test("A damaged database is reported")
  func corruptDatabase() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    do {
      let container = try await PersistentContainer(
        .file(directory.database), entities: [Todo.self])
      try container.close()
    }
    // Keep the header, overwrite the schema page.
    var bytes = try Data(contentsOf: directory.database)
    for index in 100..<min(bytes.count, 4096) { bytes[index] = 0xFF }
    try bytes.write(to: directory.database)
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: directory.database.path + suffix)
    }
    await #expect {
      try await PersistentContainer(.file(directory.database), entities: [Todo.self])
    } throws: { error in
      switch error {
      case ContainerError.corrupt, ContainerError.notADatabase: return true
      default: return false
      }
    }
  }

  @Test("A store written by newer code is refused and not modified")
  func schemaTooNew() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    do {
      let container = try await PersistentContainer(
        .file(directory.database), entities: [Todo.self])
      try container.close()
    }
    // Newer code applied a migration this code does not know.
    let queue = try DatabaseQueue(path: directory.database.path)
    try await queue.write { db in
      try db.execute(
        sql: "INSERT INTO persistence_migrations (identifier, position) VALUES (?, ?)",
        arguments: ["todo/from-the-future", 99])
    }
    try queue.close()
    let before = try Data(contentsOf: directory.database)

    await #expect(
      throws: ContainerError.schemaTooNew(
        path: directory.database.path, storeVersion: Todo.migrations.count + 1,
        supportedVersion: Todo.migrations.count, unknownMigrations: ["todo/from-the-future"])
    ) {
      try await PersistentContainer(.file(directory.database), entities: [Todo.self])
    }
    #expect(try Data(contentsOf: directory.database) == before)
    let message = ContainerError.schemaTooNew(
      path: "todo.sqlite", storeVersion: 9, supportedVersion: 7, unknownMigrations: ["a", "b"]
    ).description
    #expect(message.contains("todo.sqlite has schema version 9"), "\(message)")
    #expect(message.contains("schema versions up to 7"), "\(message)")
  }

  @Test("Invalid entity declarations are reported before anything is opened")
  func invalidModel() async throws {
    struct Bad: Entity {
      var id = UUID()
      var version: Int
      static let entityName = "bad"
      static let attributes = [Attribute("version", \Bad.version).erased]
    }
    await #expect {
      try await PersistentContainer(.inMemory, entities: [Bad.self])
    } throws: { error in
      if case ContainerError.invalidModel = error { return true }
      return false
    }
  }
}
