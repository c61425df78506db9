import Diffable
import Testing

@Suite("Snapshot diff")
struct SnapshotDiffTests {
  typealias Shot = Snapshot<String, Int>

  func shot(_ layout: KeyValuePairs<String, [Int]>) throws -> Shot {
    try Shot(sections: layout.map { SnapshotSection($0.key, items: $0.value) })
  }

  @Test("reloaded and reconfigured items of the target are updates")
  func reloadsAreUpdates() throws {
    let old = try shot(["a": [1, 2, 3]])
    var new = try shot(["a": [3, 1, 2]])
    try new.reloadItems([1])
    try new.reconfigureItems([2])
    let changes = StagedChangeset(source: old, target: new)
    #expect(changes.count == 2)
    #expect(
      changes[0].elementUpdated == [
        ElementPath(element: 0, section: 0), ElementPath(element: 1, section: 0),
      ])
    #expect(changes[1].elementMoved.count == 1)
    #expect(try changes.apply(to: old.sections) == new.sections)
  }

  @Test("the content closure reports changed items")
  func contentClosure() throws {
    let old = try shot(["a": [1, 2], "b": [3]])
    let new = try shot(["b": [3, 2], "a": [1]])
    let changes = StagedChangeset(source: old, target: new) { $0 != 3 }
    #expect(changes.first?.elementUpdated == [ElementPath(element: 0, section: 1)])
    #expect(changes.flatMap(\.sectionMoved).count == 1)
    #expect(changes.flatMap(\.elementMoved).count == 1)
    #expect(try changes.apply(to: old.sections) == new.sections)
  }

  @Test("reloaded sections are section updates in the last stage")
  func reloadedSections() throws {
    let old = try shot(["a": [1], "b": [2]])
    var new = try shot(["a": [1], "b": [2, 3]])
    try new.reloadSections(["a"])
    let changes = new.changeset(from: old)
    #expect(changes.count == 2)
    #expect(changes[0].elementInserted == [ElementPath(element: 1, section: 1)])
    #expect(changes[1].sectionUpdated == [0])
    #expect(try changes.apply(to: old.sections) == new.sections)
  }

  @Test("equal snapshots give no changes")
  func equal() throws {
    let snapshot = try shot(["a": [1, 2], "b": []])
    #expect(snapshot.changeset(from: snapshot).isEmpty)
  }
}
