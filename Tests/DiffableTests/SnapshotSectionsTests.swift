import Testing

@testable import Diffable

@Suite("Snapshot sections")
struct SnapshotSectionsTests {
  typealias Shot = Snapshot<String, Int>

  func shot(_ layout: KeyValuePairs<String, [Int]>) throws -> Shot {
    try Shot(sections: layout.map { SnapshotSection($0.key, items: $0.value) })
  }

  @Test("append and insert before/after")
  func appendAndInsert() throws {
    var snapshot = Shot()
    try snapshot.appendSections(["b", "d"])
    try snapshot.insertSections(["a"], beforeSection: "b")
    try snapshot.insertSections(["c"], afterSection: "b")
    try snapshot.insertSections(["e"], afterSection: "d")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "c", "d", "e"])
    #expect(snapshot.numberOfSections == 5)
    #expect(snapshot.indexOfSection("c") == 2)
    #expect(snapshot.contains(section: "e") && !snapshot.contains(section: "z"))
  }

  @Test("duplicate and unknown sections are typed errors naming them")
  func sectionErrors() throws {
    var snapshot = try shot(["a": [1]])
    #expect(throws: SnapshotError.duplicateSection("a")) { try snapshot.appendSections(["a"]) }
    #expect(throws: SnapshotError.duplicateSection("b")) {
      try snapshot.appendSections(["b", "b"])
    }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.insertSections(["b"], beforeSection: "z")
    }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.insertSections(["b"], afterSection: "z")
    }
    #expect(throws: SnapshotError.sectionNotFound("z")) { try snapshot.deleteSections(["a", "z"]) }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.moveSection("z", beforeSection: "a")
    }
    #expect(throws: SnapshotError.invalidMove("a")) {
      try snapshot.moveSection("a", afterSection: "a")
    }
    #expect(throws: SnapshotError.sectionNotFound("z")) { try snapshot.reloadSections(["z"]) }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.itemIdentifiers(inSection: "z")
    }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.numberOfItems(inSection: "z")
    }
    #expect(snapshot == (try shot(["a": [1]])), "failed operations change nothing")
    #expect("\(SnapshotError.duplicateSection("a"))" == "duplicate section identifier a")
  }

  @Test("delete sections removes their items and keeps indices right")
  func deleteSections() throws {
    var snapshot = try shot(["a": [1, 2], "b": [3], "c": [4, 5]])
    try snapshot.deleteSections(["a"])
    #expect(snapshot.sectionIdentifiers == ["b", "c"])
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.indexPath(of: 5) == ElementPath(element: 1, section: 1))
    #expect(snapshot.indexPath(of: 1) == nil)
    try snapshot.appendItems([1], toSection: "b")
    #expect(snapshot.itemIdentifiers == [3, 1, 4, 5])
    #expect(snapshot._checkInvariants())
  }

  @Test("move sections before and after")
  func moveSections() throws {
    var snapshot = try shot(["a": [1], "b": [2], "c": [3]])
    try snapshot.moveSection("a", afterSection: "c")
    #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
    try snapshot.moveSection("a", beforeSection: "b")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
    try snapshot.moveSection("c", beforeSection: "b")
    #expect(snapshot.sectionIdentifiers == ["a", "c", "b"])
    #expect(snapshot.sectionIdentifier(containingItem: 2) == "b")
    #expect(snapshot.indexOfItem(2) == 2)
    #expect(snapshot._checkInvariants())
  }

  @Test("reload sections marks them")
  func reloadSections() throws {
    var snapshot = try shot(["a": [1], "b": [2]])
    try snapshot.reloadSections(["b"])
    #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    try snapshot.deleteSections(["b"])
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
  }
}
