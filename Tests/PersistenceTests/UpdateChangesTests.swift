import Foundation
import Persistence
import PersistenceTestSupport
import Testing

/// A card with a versioned row and an indexed column, so that which columns an update sets is
/// visible from outside.
@Entity("card")
private struct Card: Equatable {
  var id = UUID()
  var text: String
  var shelf: String
  @StoreVersion var version: Version = .initial

  static let migrations = [
    Migration("create", [.createTable()]),
    Migration("index-shelf", [.createIndex("card_shelf", on: ["shelf"])]),
  ]
}

@Suite("Updates that write only what changed", .timeLimit(.minutes(2)))
struct UpdateChangesTests {
  /// A stored card, and its shelf overwritten from outside without a new version: a column
  /// the next update must leave alone if it does not set it.
  private func cardWithShelfChangedOutside(
    _ container: PersistentContainer, _ directory: TemporaryDirectory
  ) async throws -> (card: Card, outside: OutsideConnection) {
    let card = try await container.write { tx in
      try tx.insert(Card(text: "first", shelf: "top"))
    }
    let outside = OutsideConnection(directory)
    try await outside.execute(
      "UPDATE card SET shelf = 'outside' WHERE id = \(outside.literal(card.id))")
    return (card, outside)
  }

  private func row(_ card: Card, _ outside: OutsideConnection) async throws -> [String?] {
    try await outside.rows(
      "SELECT text, shelf, version FROM card WHERE id = \(outside.literal(card.id))")[0]
  }

  @Test("An update from the object as read sets only the columns that changed")
  func onlyChangedColumns() async throws {
    try await withContainer(entities: [Card.self]) { container, directory in
      let (card, outside) = try await cardWithShelfChangedOutside(container, directory)
      var edited = card
      edited.text = "second"
      let written = try await container.write { [edited] tx in
        try tx.update(edited, from: card)
      }
      #expect(written.version == 2)
      #expect(try await row(card, outside) == ["second", "outside", "2"])

      // Without the object as read, every column is written.
      var again = written
      again.text = "third"
      _ = try await container.write { [again] tx in try tx.update(again) }
      #expect(try await row(card, outside) == ["third", "top", "3"])
    }
  }

  @Test("An update from an object at another version writes every column")
  func previousAtAnotherVersion() async throws {
    try await withContainer(entities: [Card.self]) { container, directory in
      let (card, outside) = try await cardWithShelfChangedOutside(container, directory)
      var edited = card
      edited.text = "second"
      var older = card
      older.version = Version(7)
      _ = try await container.write { [edited, older] tx in
        try tx.update(edited, from: older)
      }
      #expect(try await row(card, outside) == ["second", "top", "2"])
    }
  }

  @Test("An update from the object as read still checks the version, and always bumps it")
  func versionRules() async throws {
    try await withContainer(entities: [Card.self]) { container, directory in
      let card = try await container.write { tx in
        try tx.insert(Card(text: "first", shelf: "top"))
      }
      let unchanged = try await container.write { tx in try tx.update(card, from: card) }
      #expect(unchanged.version == 2)

      let outside = OutsideConnection(directory)
      try await outside.execute(
        "UPDATE card SET version = version + 1 WHERE id = \(outside.literal(card.id))")
      var edited = unchanged
      edited.text = "late"
      await #expect(throws: PersistenceError.conflict(entity: "card", id: card.id, current: 3)) {
        try await container.write { [edited, unchanged] tx in
          try tx.update(edited, from: unchanged)
        }
      }
      #expect(try await row(card, outside) == ["first", "top", "3"])
    }
  }
}
