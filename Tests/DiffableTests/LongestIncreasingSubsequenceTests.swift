import PropertyBased
import Testing

@testable import Diffable

@Suite("Longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
  @Test("the predecessor-marking LIS agrees with the reference one")
  func outsideLongestIncreasingSubsequence() async {
    await propertyCheck(count: 100, input: Gen.int(in: 0...400).array(of: 0...300)) { raw in
      var seen = Set<Int>()
      let values = raw.filter { seen.insert($0).inserted }
      var keep: [Bool] = []
      let expected = _markLongestIncreasingSubsequence(values, keep: &keep)
      let narrow = values.map { Int32($0) }
      var outside: [Int] = []
      let length = narrow.withUnsafeBufferPointer { buffer in
        _forEachOutsideLongestIncreasingSubsequence(buffer) { outside.append($0) }
      }
      #expect(length == expected)
      #expect(outside.count == values.count - expected)
      #expect(outside == outside.sorted())
      let outsideSet = Set(outside)
      let kept = values.indices.filter { !outsideSet.contains($0) }.map { values[$0] }
      #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    }
  }
}
