import PropertyBased
import Testing

@testable import Diffable

@Suite("Identifier matching")
struct MatchingTests {
  /// An identifier whose hash never varies: every pair collides.
  struct Colliding: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  func matchBoth<ID: Hashable>(_ source: [ID], _ target: [ID]) -> (_Matching, _Matching) {
    let fast = _matchIdentifiers(
      sourceCount: source.count, targetCount: target.count,
      sourceIdentifier: { source[$0] }, targetIdentifier: { target[$0] })
    let reference = _matchIdentifiersWithDictionary(
      sourceCount: source.count, targetCount: target.count,
      sourceIdentifier: { source[$0] }, targetIdentifier: { target[$0] })
    return (fast, reference)
  }

  @Test("partitioned matching equals the dictionary reference on large inputs with duplicates")
  func largeInputs() async {
    let values = Gen.int(in: 0...3_000).array(of: 2_000...6_000)
    await propertyCheck(count: 20, input: values, values) { source, target in
      let (fast, reference) = matchBoth(source, target)
      #expect(fast.sourceToTarget == reference.sourceToTarget)
      #expect(fast.targetToSource == reference.targetToSource)
    }
  }

  @Test("equal hashes of different identifiers fall back to exact matching")
  func collisions() async {
    let values = Gen.int(in: 0...5).array(of: 0...12)
    await propertyCheck(count: 200, input: values, values) { source, target in
      let (fast, reference) = matchBoth(
        source.map(Colliding.init), target.map(Colliding.init))
      #expect(fast.sourceToTarget == reference.sourceToTarget)
      #expect(fast.targetToSource == reference.targetToSource)
      let colliding = StagedChangeset(
        source: source, target: target, identifier: { Colliding(value: $0) },
        isContentEqual: { $0 == $1 })
      #expect(colliding == StagedChangeset(source: source, target: target))
    }
  }

  @Test("excluded positions never match")
  func exclusions() {
    let source = [1, 2, 3, 4]
    let target = [4, 3, 2, 1]
    let matching = _matchIdentifiers(
      sourceCount: 4, targetCount: 4, sourceIdentifier: { source[$0] },
      targetIdentifier: { target[$0] }, sourceIncluded: { $0 != 0 },
      targetIncluded: { $0 != 0 })
    #expect(matching.sourceToTarget == [-1, 2, 1, -1])
    #expect(matching.targetToSource == [-1, 2, 1, -1])
  }
}
