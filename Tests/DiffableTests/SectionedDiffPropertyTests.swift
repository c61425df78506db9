import Diffable
import PropertyBased
import Testing

@Suite("Sectioned diff properties")
struct SectionedDiffPropertyTests {
  /// Sections 0..<4 holding items 0..<8, decoded from 20 random numbers: numbers 16..<20
  /// decide which sections exist (at least 20) and their order; numbers 0..<8 put each item in
  /// a section (4 = nowhere); numbers 8..<16 order the items and give content versions.
  static func data(_ numbers: [Int]) -> [Section] {
    let sectionIDs = (0..<4).filter { numbers[16 + $0] >= 20 }
      .sorted { (numbers[16 + $0], $0) < (numbers[16 + $1], $1) }
    return sectionIDs.map { section in
      let items = (0..<8).filter { numbers[$0] % 5 == section }
        .sorted { (numbers[8 + $0], $0) < (numbers[8 + $1], $1) }
        .map { Item(id: $0, version: numbers[8 + $0] % 3 == 0 ? 1 : 0) }
      return Section(
        model: Item(id: section, version: numbers[16 + section] % 4 == 0 ? 1 : 0),
        elements: items)
    }
  }

  static let side = Gen.int(in: 0...99).array(of: 20)

  @Test("stages apply in order, each valid, with the minimum number of moves")
  func appliesAndMinimisesMoves() async {
    await propertyCheck(count: 300, input: Self.side, Self.side) { before, after in
      let source = Self.data(before)
      let target = Self.data(after)
      let changes = StagedChangeset(source: source, target: target)
      #expect(changes.count <= 5)
      expectValidStages(changes, from: source, to: target)
      let elementMoves = changes.reduce(0) { $0 + $1.elementMoved.count }
      let sectionMoves = changes.reduce(0) { $0 + $1.sectionMoved.count }
      #expect(elementMoves == BruteForce.sectionedElementMoves(source, target))
      #expect(sectionMoves == BruteForce.sectionMoves(source, target))
    }
  }

  @Test("a diff from data to itself is empty")
  func identity() async {
    await propertyCheck(count: 100, input: Self.side) { numbers in
      let data = Self.data(numbers)
      #expect(StagedChangeset(source: data, target: data).isEmpty)
    }
  }
}
