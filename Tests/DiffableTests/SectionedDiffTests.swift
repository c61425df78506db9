import Diffable
import Testing

@Suite("Sectioned diff")
struct SectionedDiffTests {
  @Test("an item moves across sections in one move")
  func crossSectionMove() throws {
    let source = sections([(0, [1, 2]), (1, [3])])
    let target = sections([(0, [1]), (1, [2, 3])])
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.count == 1)
    let stage = try #require(changes.first)
    #expect(
      stage.elementMoved == [
        ElementMove(
          source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 1))
      ])
    expectValidStages(changes, from: source, to: target)
  }

  @Test("all five stages, in order")
  func fiveStages() {
    let source = [
      Section(model: Item(id: 0), elements: [Item(id: 1), Item(id: 2), Item(id: 3)]),
      Section(model: Item(id: 1), elements: [Item(id: 4)]),
      Section(model: Item(id: 2), elements: [Item(id: 5)]),
    ]
    let target = [
      Section(model: Item(id: 2, version: 1), elements: [Item(id: 5), Item(id: 3)]),
      Section(model: Item(id: 3), elements: [Item(id: 9)]),
      Section(model: Item(id: 0), elements: [Item(id: 2, version: 1), Item(id: 6)]),
    ]
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.count == 5)
    #expect(changes[0].elementUpdated == [ElementPath(element: 1, section: 0)])
    #expect(changes[1].sectionDeleted == [1])
    #expect(changes[1].elementDeleted == [ElementPath(element: 0, section: 0)])
    #expect(changes[2].sectionInserted == [1])
    #expect(changes[2].sectionMoved.count == 1)
    #expect(changes[3].elementInserted == [ElementPath(element: 1, section: 2)])
    #expect(
      changes[3].elementMoved == [
        ElementMove(
          source: ElementPath(element: 1, section: 2), target: ElementPath(element: 1, section: 0))
      ])
    #expect(changes[4].sectionUpdated == [0])
    expectValidStages(changes, from: source, to: target)
  }

  @Test("items of a deleted section leave with it; those of an inserted one arrive with it")
  func sectionsTakeTheirItems() {
    let source = sections([(0, [1]), (1, [2])])
    let target = sections([(0, [1]), (2, [2])])
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.count == 2)
    #expect(changes[0].sectionDeleted == [1] && changes[0].elementDeleted.isEmpty)
    #expect(changes[1].sectionInserted == [1] && changes[1].elementInserted.isEmpty)
    expectValidStages(changes, from: source, to: target)
  }

  @Test("a stage never deletes and moves the same index")
  func deleteAndMoveNeverShareAnIndex() {
    let source = sections([(0, [1, 2, 3, 4])])
    let target = sections([(0, [4, 2])])
    let changes = StagedChangeset(source: source, target: target)
    for stage in changes {
      let sources = Set(stage.elementMoved.map(\.source))
      #expect(sources.isDisjoint(with: stage.elementDeleted))
    }
    expectValidStages(changes, from: source, to: target)
  }

  @Test("duplicate section identifiers are matched in order and still apply")
  func duplicateSections() {
    let source = sections([(0, [1]), (0, [2])])
    let target = sections([(0, [2]), (1, [1]), (0, [3])])
    let changes = StagedChangeset(source: source, target: target)
    expectValidStages(changes, from: source, to: target)
  }

  @Test("apply rejects data that does not fit the changeset")
  func applyRejectsWrongData() throws {
    let changes = StagedChangeset(
      source: sections([(0, [1, 2, 3])]), target: sections([(0, [1])]))
    #expect(throws: ChangesetError.elementPathOutOfRange(ElementPath(element: 1, section: 0))) {
      try changes.apply(to: sections([(0, [1])]))
    }
    #expect(throws: ChangesetError.elementInChangedSection(ElementPath(element: 1, section: 0))) {
      try changes.apply(to: [])
    }
  }
}
