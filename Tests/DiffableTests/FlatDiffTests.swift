import Diffable
import Testing

@Suite("Flat diff")
struct FlatDiffTests {
  @Test("[0, 1, 2] → [1, 2, 0] is one move, not two")
  func rotationIsOneMove() throws {
    let changes = StagedChangeset(source: [0, 1, 2], target: [1, 2, 0])
    #expect(changes.count == 1)
    let stage = try #require(changes.first)
    #expect(
      stage.elementMoved == [
        ElementMove(
          source: ElementPath(element: 0, section: 0), target: ElementPath(element: 2, section: 0))
      ])
    #expect(stage.elementInserted.isEmpty && stage.elementDeleted.isEmpty)
    #expect(try stage.apply(to: [0, 1, 2]) == [1, 2, 0])
  }

  @Test("equal inputs give no stage")
  func equalInputs() {
    #expect(StagedChangeset(source: [1, 2, 3], target: [1, 2, 3]).isEmpty)
    #expect(StagedChangeset<[Int]>(source: [], target: []).isEmpty)
  }

  @Test("updates, deletes, then inserts and moves, each in its own stage")
  func threeStages() {
    let source = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
    let target = [Item(id: 4), Item(id: 2, version: 1), Item(id: 5), Item(id: 1)]
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.count == 3)
    #expect(changes[0].elementUpdated == [ElementPath(element: 1, section: 0)])
    #expect(changes[0].data == [Item(id: 1), Item(id: 2, version: 1), Item(id: 3), Item(id: 4)])
    #expect(changes[1].elementDeleted == [ElementPath(element: 2, section: 0)])
    #expect(changes[2].elementInserted == [ElementPath(element: 2, section: 0)])
    #expect(changes[2].elementMoved.count == 2)
    expectValidStages(changes, from: source, to: target)
  }

  @Test("everything replaced: deletes then inserts")
  func disjoint() {
    let changes = StagedChangeset(source: ["a", "b"], target: ["c"])
    #expect(changes.map(\.elementDeleted.count) == [2, 0])
    #expect(changes.map(\.elementInserted.count) == [0, 1])
    expectValidStages(changes, from: ["a", "b"], to: ["c"])
  }

  @Test("reversal keeps one element and moves the others")
  func reversal() {
    let source = Array(0..<10)
    let changes = StagedChangeset(source: source, target: source.reversed())
    #expect(changes.count == 1)
    #expect(changes[0].elementMoved.count == 9)
    expectValidStages(changes, from: source, to: Array(source.reversed()))
  }

  @Test("closure form matches without conforming")
  func closureForm() {
    struct Row: Equatable {
      var key: String
      var title: String
    }
    let source = [Row(key: "a", title: "A"), Row(key: "b", title: "B")]
    let target = [Row(key: "b", title: "B!"), Row(key: "a", title: "A")]
    let changes = StagedChangeset(
      source: source, target: target, identifier: \.key,
      isContentEqual: { $0.title == $1.title })
    #expect(changes.count == 2)
    #expect(changes[0].elementUpdated == [ElementPath(element: 1, section: 0)])
    #expect(changes[1].elementMoved.count == 1)
    expectValidStages(changes, from: source, to: target)
  }

  @Test("duplicate identifiers: k-th occurrence matches k-th, extras are deleted or inserted")
  func duplicates() throws {
    let source = [1, 1, 2, 1]
    let target = [1, 2, 2, 1]
    let changes = StagedChangeset(source: source, target: target)
    expectValidStages(changes, from: source, to: target)
    // The third 1 has no partner, the second 2 has none either.
    let deleted = changes.flatMap(\.elementDeleted)
    let inserted = changes.flatMap(\.elementInserted)
    #expect(deleted == [ElementPath(element: 3, section: 0)])
    #expect(inserted == [ElementPath(element: 2, section: 0)])
  }

  @Test("works on collections other than Array")
  func otherCollections() {
    let changes = StagedChangeset(source: "abc", target: "cab")
    #expect(changes.count == 1)
    #expect(changes[0].elementMoved.count == 1)
    #expect(changes.last?.data == "cab")
  }
}
