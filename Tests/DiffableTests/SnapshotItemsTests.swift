import Testing

@testable import Diffable

@Suite("Snapshot items")
struct SnapshotItemsTests {
  typealias Shot = Snapshot<String, Int>

  func shot(_ layout: KeyValuePairs<String, [Int]>) throws -> Shot {
    try Shot(sections: layout.map { SnapshotSection($0.key, items: $0.value) })
  }

  @Test("append, insert and the O(1) queries")
  func appendInsertQuery() throws {
    var snapshot = Shot()
    #expect(throws: SnapshotError.noSection) { try snapshot.appendItems([1]) }
    try snapshot.appendSections(["a", "b"])
    try snapshot.appendItems([10, 20])
    try snapshot.appendItems([1, 3], toSection: "a")
    try snapshot.insertItems([2], beforeItem: 3)
    try snapshot.insertItems([4], afterItem: 3)
    try snapshot.insertItems([0], beforeItem: 1)
    try snapshot.insertItems([30], afterItem: 20)
    #expect(try snapshot.itemIdentifiers(inSection: "a") == [0, 1, 2, 3, 4])
    #expect(try snapshot.itemIdentifiers(inSection: "b") == [10, 20, 30])
    #expect(snapshot.itemIdentifiers == [0, 1, 2, 3, 4, 10, 20, 30])
    #expect(snapshot.numberOfItems == 8)
    #expect(try snapshot.numberOfItems(inSection: "b") == 3)
    #expect(snapshot.indexOfItem(20) == 6)
    #expect(snapshot.indexPath(of: 20) == ElementPath(element: 1, section: 1))
    #expect(snapshot.sectionIdentifier(containingItem: 3) == "a")
    #expect(snapshot.sectionIdentifier(containingItem: 99) == nil)
    #expect(snapshot.contains(item: 4) && !snapshot.contains(item: 5))
    #expect(snapshot._checkInvariants())
  }

  @Test("duplicate and unknown items are typed errors naming them; nothing changes")
  func itemErrors() throws {
    var snapshot = try shot(["a": [1, 2], "b": [3]])
    let before = snapshot
    #expect(throws: SnapshotError.duplicateItem("3")) { try snapshot.appendItems([4, 3]) }
    #expect(throws: SnapshotError.duplicateItem("5")) { try snapshot.appendItems([5, 5]) }
    #expect(throws: SnapshotError.sectionNotFound("z")) {
      try snapshot.appendItems([9], toSection: "z")
    }
    #expect(throws: SnapshotError.itemNotFound("9")) {
      try snapshot.insertItems([8], beforeItem: 9)
    }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.insertItems([8], afterItem: 9) }
    #expect(throws: SnapshotError.duplicateItem("1")) {
      try snapshot.insertItems([1], afterItem: 3)
    }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.deleteItems([1, 9]) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.moveItem(9, beforeItem: 1) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.moveItem(1, afterItem: 9) }
    #expect(throws: SnapshotError.invalidMove("1")) { try snapshot.moveItem(1, afterItem: 1) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.reloadItems([9]) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try snapshot.reconfigureItems([9]) }
    #expect(snapshot == before)
    #expect(throws: SnapshotError.duplicateItem("1")) {
      try Shot(sections: [SnapshotSection("a", items: [1]), SnapshotSection("b", items: [1])])
    }
  }

  @Test("delete items and delete everything")
  func deleteItems() throws {
    var snapshot = try shot(["a": [1, 2, 3], "b": [4, 5]])
    try snapshot.reloadItems([2])
    try snapshot.deleteItems([2, 4])
    #expect(snapshot.itemIdentifiers == [1, 3, 5])
    #expect(snapshot.indexPath(of: 5) == ElementPath(element: 0, section: 1))
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot._checkInvariants())
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    #expect(snapshot == Shot())
  }

  @Test("move items within and across sections")
  func moveItems() throws {
    var snapshot = try shot(["a": [1, 2, 3], "b": [4, 5]])
    try snapshot.moveItem(1, afterItem: 3)
    #expect(try snapshot.itemIdentifiers(inSection: "a") == [2, 3, 1])
    try snapshot.moveItem(1, beforeItem: 2)
    #expect(try snapshot.itemIdentifiers(inSection: "a") == [1, 2, 3])
    try snapshot.moveItem(2, beforeItem: 5)
    #expect(try snapshot.itemIdentifiers(inSection: "a") == [1, 3])
    #expect(try snapshot.itemIdentifiers(inSection: "b") == [4, 2, 5])
    try snapshot.moveItem(4, afterItem: 3)
    #expect(snapshot.itemIdentifiers == [1, 3, 4, 2, 5])
    #expect(snapshot.sectionIdentifier(containingItem: 4) == "a")
    #expect(snapshot._checkInvariants())
  }

  @Test("reload and reconfigure mark items")
  func reloadAndReconfigure() throws {
    var snapshot = try shot(["a": [1, 2, 3]])
    try snapshot.reloadItems([1])
    try snapshot.reconfigureItems([2, 3])
    #expect(snapshot.reloadedItemIdentifiers == [1])
    #expect(snapshot.reconfiguredItemIdentifiers == [2, 3])
    #expect(snapshot != (try shot(["a": [1, 2, 3]])))
  }
}
