import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport
import Testing

/// Version 1 of a note entity.
@Entity("note")
private struct NoteV1 {
  var id = UUID()
  var text: String
  static let migrations = [Migration("create", [.createTable(["text"])])]
}

/// Version 2: a pinned flag with a default and an optional colour.
@Entity("note")
private struct NoteV2 {
  var id = UUID()
  var text: String
  var pinned: Bool
  var colour: String?
  static let migrations = [
    Migration("create", [.createTable(["text"])]),
    Migration("pinned", [.addColumn("pinned", default: .integer(0)), .addColumn("colour")]),
    Migration("index-pinned", [.createIndex("note_pinned", on: ["pinned"])]),
  ]
}

/// Version 3: the colour indexed, leaving out the notes without one.
@Entity("note")
private struct NoteV3 {
  var id = UUID()
  var text: String
  var pinned: Bool
  var colour: String?
  static let migrations =
    NoteV2.migrations + [
      Migration("index-colour", [.createIndex("note_colour", on: ["colour"], sparse: true)])
    ]
}

@Suite("Migrations")
struct MigrationTests {
  @Test("Opening with newer entity code migrates old rows, once")
  func migratesExistingStore() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let note = NoteV1(text: "Old note")
    do {
      let container = try await PersistentContainer(
        directory.store, entities: [NoteV1.self])
      try container.viewContext.insert(note)
      try await container.viewContext.save()
      try container.close()
    }
    for _ in 0..<2 {
      let container = try await PersistentContainer(
        directory.store, entities: [NoteV2.self])
      let notes = try await container.viewContext.fetch(
        FetchRequest<NoteV2>(filter: NoteV2.pinnedAttribute == false))
      #expect(notes.map(\.text) == ["Old note"])
      #expect(notes.first?.colour == nil)
      try container.close()
    }
    let outside = OutsideConnection(directory)
    let identifiers = try await outside.rows(
      "SELECT identifier FROM persistence_migrations ORDER BY position")
    #expect(identifiers == [["note/create"], ["note/pinned"], ["note/index-pinned"]])
    if !TestStoreLocation.isPostgres {
      #expect(try await outside.count("PRAGMA user_version") == 3)
    }
  }

  @Test("A sparse index leaves out the rows whose column is null, and still finds the others")
  func sparseIndex() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try await PersistentContainer(directory.store, entities: [NoteV3.self])
    defer { try? container.close() }
    try container.viewContext.insert(NoteV3(text: "plain", pinned: false))
    try container.viewContext.insert(NoteV3(text: "red", pinned: false, colour: "red"))
    try await container.viewContext.save()
    let found = try await container.viewContext.fetch(
      FetchRequest<NoteV3>(filter: NoteV3.colourAttribute == "red"))
    #expect(found.map(\.text) == ["red"])
    let outside = OutsideConnection(directory)
    let definition =
      TestStoreLocation.isPostgres
      ? "SELECT indexdef FROM pg_indexes WHERE indexname = 'note_colour'"
      : "SELECT sql FROM sqlite_master WHERE name = 'note_colour'"
    let text = try await outside.rows(definition).first?.first ?? nil
    #expect(text?.contains("WHERE") == true)
    // PostgreSQL writes it back as `WHERE (colour IS NOT NULL)`, SQLite as it was given.
    #expect(text?.filter { !"\"()".contains($0) }.contains("colour IS NOT NULL") == true)
  }

  @Test("Old code refuses a store migrated by new code")
  func oldCodeRefusesNewStore() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    do {
      let container = try await PersistentContainer(
        directory.store, entities: [NoteV2.self])
      try container.close()
    }
    await #expect(
      throws: ContainerError.schemaTooNew(
        path: "\(directory.store)", storeVersion: 3, supportedVersion: 1,
        unknownMigrations: ["note/index-pinned", "note/pinned"])
    ) {
      try await PersistentContainer(directory.store, entities: [NoteV1.self])
    }
  }
}
