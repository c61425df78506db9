import Foundation
import Persistence
import PersistenceTestSupport
import Testing

/// A note with what `@Entity` reads besides plain columns: a column named otherwise than its
/// property, a version mirror named otherwise than `version`, and a field the table does not
/// hold. The app's entities have none of these, so the store checks them here.
@Entity("macro_note")
private struct Note: Equatable {
  var id = UUID()
  var text: String
  @Column("pinned_at") var pinnedAt: Date?
  @StoreVersion var revision: Version = .initial
  @Transient var isExpanded = false
}

@Suite("Entities declared with @Entity")
struct MacroEntityTests {
  @Test("the table, the columns and the version's property come from the declaration")
  func declaration() {
    #expect(Note.entityName == "macro_note")
    #expect(Note.attributes.map(\.name) == ["text", "pinned_at"])
    #expect(Note.attributes.map(\.isOptional) == [false, true])
    #expect(Note.pinnedAtAttribute.name == "pinned_at")
    #expect(Note.idAttribute.name == "id")
    #expect(Note.storeVersion == \Note.revision)
  }

  @Test("an object is stored and read back by its columns; the transient field starts over")
  func roundTrip() async throws {
    try await withContainer(entities: [Note.self]) { container, directory in
      var note = Note(text: "pinned", pinnedAt: Date(timeIntervalSince1970: 1_772_000_000.5))
      note.isExpanded = true
      let plain = Note(text: "plain")
      let saved = try await container.write { [note] tx in
        _ = try tx.insert(plain)
        return try tx.insert(note)
      }
      #expect(saved.revision == .initial)

      let pinned = try await container.read { tx in
        try tx.fetch(FetchRequest<Note>(filter: Note.pinnedAtAttribute != nil))
      }
      var expected = note
      expected.isExpanded = false
      #expect(pinned == [expected])

      var changed = pinned[0]
      changed.text = "changed"
      let updated = try await container.write { [changed] tx in
        try tx.update(changed, expectedVersion: .initial)
      }
      #expect(updated.revision == 2)
      let read = try await container.read { [note] tx in try tx.object(Note.self, id: note.id) }
      #expect(read?.revision == 2)
      #expect(read?.text == "changed")

      let outside = OutsideConnection(directory)
      #expect(
        try await outside.count("SELECT count(*) FROM macro_note WHERE pinned_at IS NULL") == 1)
    }
  }

  @Test("Codable's keys are the columns: the renamed one, version, no transient field")
  func codingKeys() throws {
    let note = Note(text: "a", pinnedAt: Date(timeIntervalSince1970: 0), revision: 3)
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(note))
    let keys = try #require(object as? [String: Any]).keys.sorted()
    #expect(keys == ["id", "pinned_at", "text", "version"])
    #expect(try JSONDecoder().decode(Note.self, from: JSONEncoder().encode(note)) == note)
  }
}
