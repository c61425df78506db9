import Diffable
import Testing

@Suite("Snapshot builder")
struct SnapshotBuilderTests {
  /// The seeds' shopping list: fruit and meat sections.
  func shoppingList(
    wantsMeat: Bool, inSeason: Bool, extras: [String], favourite: String?
  ) throws -> Snapshot<String, String> {
    try Snapshot {
      SnapshotSection("fruit") {
        "apple"
        "banana"
        if inSeason { "cherry" } else { "dried apricot" }
        for extra in extras { extra }
        favourite
      }
      if wantsMeat {
        SnapshotSection("meat") {
          "steak"
          "chicken"
        }
      }
    }
  }

  @Test("if, if-else, for and optionals")
  func declaresSections() throws {
    let full = try shoppingList(
      wantsMeat: true, inSeason: true, extras: ["kiwi", "plum"], favourite: "mango")
    #expect(full.sectionIdentifiers == ["fruit", "meat"])
    #expect(
      try full.itemIdentifiers(inSection: "fruit")
        == ["apple", "banana", "cherry", "kiwi", "plum", "mango"])
    #expect(try full.itemIdentifiers(inSection: "meat") == ["steak", "chicken"])

    let lean = try shoppingList(wantsMeat: false, inSeason: false, extras: [], favourite: nil)
    #expect(lean.sectionIdentifiers == ["fruit"])
    #expect(try lean.itemIdentifiers(inSection: "fruit") == ["apple", "banana", "dried apricot"])
  }

  @Test("a duplicate declared item is a typed error")
  func duplicate() {
    #expect(throws: SnapshotError.duplicateItem("apple")) {
      try Snapshot<String, String> {
        SnapshotSection("fruit") { "apple" }
        SnapshotSection("more fruit") { "apple" }
      }
    }
  }

  @Test("diffing two declared lists moves an item across sections")
  func diffDeclared() throws {
    let before = try Snapshot<String, String> {
      SnapshotSection("fruit") {
        "apple"
        "tomato"
      }
      SnapshotSection("vegetables") { "carrot" }
    }
    let after = try Snapshot<String, String> {
      SnapshotSection("fruit") { "apple" }
      SnapshotSection("vegetables") {
        "carrot"
        "tomato"
      }
    }
    let changes = after.changeset(from: before)
    #expect(changes.count == 1)
    #expect(changes[0].elementMoved.count == 1)
    #expect(try changes.apply(to: before.sections) == after.sections)
  }
}
