import Diffable
import PropertyBased
import Testing

@Suite("Flat diff properties")
struct FlatDiffPropertyTests {
  /// A duplicate-free list of ids 0..<10 with content versions, decoded from random numbers:
  /// id `i` is present when its number is at least 25, ordered by the numbers.
  static func list(_ numbers: [Int]) -> [Item] {
    numbers.enumerated()
      .filter { $0.element >= 25 }
      .sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
      .map { Item(id: $0.offset, version: $0.element % 3 == 0 ? 1 : 0) }
  }

  static let side = Gen.int(in: 0...99).array(of: 10)

  @Test("applying the stages gives the target; moves are the brute-force minimum")
  func appliesAndMinimisesMoves() async {
    await propertyCheck(count: 300, input: Self.side, Self.side) { before, after in
      let source = Self.list(before)
      let target = Self.list(after)
      let changes = StagedChangeset(source: source, target: target)
      expectValidStages(changes, from: source, to: target)
      let moves = changes.reduce(0) { $0 + $1.elementMoved.count }
      #expect(moves == BruteForce.flatMoves(source.map(\.id), target.map(\.id)))
    }
  }

  @Test("duplicates never crash and still turn the source into the target")
  func duplicatesApply() async {
    let values = Gen.int(in: 0...4).array(of: 0...12)
    await propertyCheck(count: 300, input: values, values) { source, target in
      let changes = StagedChangeset(source: source, target: target)
      expectValidStages(changes, from: source, to: target)
    }
  }
}
