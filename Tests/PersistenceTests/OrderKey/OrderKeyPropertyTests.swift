import Persistence
import PropertyBased
import Testing

/// Random keys of 1 to 4 characters, short enough for the fixed-point oracle.
private let shortKey = Gen.int(in: 0...61).array(of: 1...4).map { digits in
  OrderKey(rawValue: OrderKeyOracle.text(digits: digits) ?? "1")!
}

/// What one step of a random edit session does; two random numbers pick its positions.
private enum Edit: CaseIterable {
  case insertAnywhere, append, prepend, insertAtHotSpot, move, delete
}

@Suite("OrderKey: properties")
struct OrderKeyPropertyTests {
  @Test func keysStayStrictlyOrderedUnderInsertsMovesAndDeletes() async throws {
    let edit = zip(Gen<Edit>.case, Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000_000))
    await propertyCheck(count: 60, input: edit.array(of: 1...400)) { edits in
      var collection = OrderKeyedList()
      for (edit, first, second) in edits {
        let count = collection.items.count
        switch edit {
        case .insertAnywhere: try collection.insert(at: first % (count + 1))
        case .append: try collection.insert(at: count)
        case .prepend: try collection.insert(at: 0)
        case .insertAtHotSpot: try collection.insert(at: count / 2)
        case .move where count > 0:
          try collection.move(from: first % count, to: second % count)
        case .delete where count > 0: collection.delete(at: first % count)
        case .move, .delete: try collection.insert(at: 0)
        }
        #expect(collection.isStrictlyOrdered, "after \(edit)")
      }
    }
  }

  @Test func tenThousandRandomInsertsKeepKeysWithinEightCharacters() async throws {
    await propertyCheck(count: 4, input: Gen.uint64()) { seed in
      var random = OrderKeyTestRandom(seed: seed)
      var collection = OrderKeyedList()
      for _ in 0..<10_000 {
        try collection.insert(at: Int.random(in: 0...collection.items.count, using: &random))
      }
      #expect(collection.isStrictlyOrdered)
      #expect(collection.keys.map(\.rawValue.count).max()! <= 8, "seed \(seed)")
      #expect(!collection.keys.contains { $0.needsRebalance })
    }
  }

  @Test func insertsAtOneSpotTriggerARebalanceThatKeepsTheOrder() async throws {
    let input = zip(Gen.int(in: 2...300), Gen.int(in: 0...1_000_000), Gen.bool)
    await propertyCheck(count: 40, input: input) { size, spot, afterLower in
      var collection = OrderKeyedList()
      for index in 0..<size { try collection.insert(at: index) }
      try collection.rebalance()
      let start = spot % (size - 1) + 1
      var inserts = 0
      // Insert again and again between the same two neighbours: just after the lower one
      // (each new key is the next upper) or just before the upper one.
      repeat {
        let key = try collection.insert(at: afterLower ? start : start + inserts)
        inserts += 1
        if key.needsRebalance { break }
      } while inserts < 1_000
      #expect(inserts < 100, "keys grow by about a character per five inserts at one spot")
      #expect(collection.keys.contains { $0.needsRebalance })
      #expect(collection.isStrictlyOrdered)

      let order = collection.items.map(\.id)
      try collection.rebalance()
      let resorted = collection.items.sorted { $0.key < $1.key }.map(\.id)
      #expect(resorted == order)
      #expect(collection.isStrictlyOrdered)
      #expect(collection.keys.map(\.rawValue.count).max()! <= 2)
      #expect(!collection.keys.contains { $0.needsRebalance })
    }
  }

  @Test func spacedKeysAreAscendingInsideTheBoundsAndShortest() async throws {
    let input = zip(Gen.int(in: 0...3_000), shortKey.optional, shortKey.optional)
    await propertyCheck(count: 300, input: input) { count, first, second in
      let (lower, upper) = ordered(first, second)
      if let lower, let upper {
        #expect(throws: OrderKeyError.notAscending(lower: upper, upper: lower)) {
          try OrderKey.spaced(count, between: upper, and: lower)
        }
        if lower == upper { return }
      }
      let keys = try OrderKey.spaced(count, between: lower, and: upper)
      #expect(keys.count == count)
      #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
      #expect(keys.allSatisfy { key in lower.map { $0 < key } ?? true })
      #expect(keys.allSatisfy { key in upper.map { key < $0 } ?? true })
      guard let length = keys.map(\.rawValue.count).max() else { return }
      // Shortest: fewer than `count` keys of one character less fit in the gap.
      #expect(OrderKeyOracle.keysOfLength(length, between: lower, and: upper) >= count)
      #expect(OrderKeyOracle.keysOfLength(length - 1, between: lower, and: upper) < count)
      // Evenly spaced: neighbouring gaps differ by at most one step of the last digit.
      let values = keys.map(OrderKeyOracle.scaledValue)
      let gaps = zip(values, values.dropFirst()).map { $1 - $0 }
      if let widest = gaps.max(), let narrowest = gaps.min() {
        #expect(widest - narrowest <= OrderKeyOracle.power62(OrderKeyOracle.scaleDigits - length))
      }
    }
  }

  @Test func spacedRejectsNegativeCounts() async {
    await propertyCheck(input: Gen.int(in: Int.min...(-1)), shortKey.optional) { count, lower in
      #expect(throws: OrderKeyError.negativeCount(count)) {
        try OrderKey.spaced(count, between: lower, and: nil)
      }
    }
  }

  @Test func betweenIsStrictlyInsideAndAsShortAsPossible() async throws {
    await propertyCheck(count: 500, input: shortKey.optional, shortKey.optional) { a, b in
      let (lower, upper) = ordered(a, b)
      if let lower, let upper {
        #expect(throws: OrderKeyError.notAscending(lower: upper, upper: lower)) {
          try OrderKey.between(upper, lower)
        }
        if lower == upper { return }
      }
      let key = try OrderKey.between(lower, upper)
      #expect(lower.map { $0 < key } ?? true)
      #expect(upper.map { key < $0 } ?? true)
      #expect(OrderKey(rawValue: key.rawValue) == key)
      if let lower, let upper {
        #expect(
          OrderKeyOracle.keysOfLength(key.rawValue.count - 1, between: lower, and: upper) == 0)
      }
    }
  }

  @Test func orderIsByteOrderIsSQLiteBinaryOrderIsNumericOrder() async {
    let longKey = Gen.int(in: 0...61).array(of: 1...8).map { digits in
      OrderKey(rawValue: OrderKeyOracle.text(digits: digits) ?? "z")!
    }
    await propertyCheck(count: 1_000, input: longKey, longKey) { a, b in
      let sqlite = OrderKeyOracle.sqliteBinaryPrecedes(a.rawValue, b.rawValue)
      #expect((a < b) == sqlite)
      #expect(Array(a.rawValue.utf8).lexicographicallyPrecedes(Array(b.rawValue.utf8)) == sqlite)
      #expect((OrderKeyOracle.scaledValue(a) < OrderKeyOracle.scaledValue(b)) == sqlite)
      #expect((a == b) == (OrderKeyOracle.scaledValue(a) == OrderKeyOracle.scaledValue(b)))
    }
  }
}

/// The two bounds in ascending order when both are present, so that most random pairs have a
/// gap between them; `nil` stays where it is, as an open end.
private func ordered(_ first: OrderKey?, _ second: OrderKey?) -> (OrderKey?, OrderKey?) {
  guard let first, let second, second < first else { return (first, second) }
  return (second, first)
}
