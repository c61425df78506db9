import Foundation
import Persistence
import Testing

@Suite("OrderKey: validation, edge cases and errors")
struct OrderKeyTests {
  private func key(_ rawValue: String) throws -> OrderKey {
    try #require(OrderKey(rawValue: rawValue))
  }

  // MARK: - Raw values

  @Test(arguments: ["1", "z", "V", "a0V", "0z", "00zz", "Zz9"])
  func acceptsCanonicalKeys(rawValue: String) throws {
    let key = try #require(OrderKey(rawValue: rawValue))
    #expect(key.rawValue == rawValue)
    #expect(key.description == rawValue)
    #expect(try OrderKey(validating: rawValue) == key)
  }

  @Test(arguments: ["", "0", "00", "a0", "V00", "a-b", "a b", " a", "é", "a\u{0}", "Ａ"])
  func rejectsInvalidOrNonCanonicalKeys(rawValue: String) {
    #expect(OrderKey(rawValue: rawValue) == nil)
    #expect(throws: OrderKeyError.invalidRawValue(rawValue)) {
      try OrderKey(validating: rawValue)
    }
  }

  @Test func codableRoundTripsAndRejectsInvalidText() throws {
    let keys = [try key("V"), try key("a0V")]
    let data = try JSONEncoder().encode(keys)
    #expect(String(decoding: data, as: UTF8.self) == #"["V","a0V"]"#)
    #expect(try JSONDecoder().decode([OrderKey].self, from: data) == keys)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([OrderKey].self, from: Data(#"["a0"]"#.utf8))
    }
  }

  // MARK: - Order

  @Test func ordersByBytesLikeBinaryCollation() throws {
    let ascending = try ["0z", "1", "9", "A", "Z", "a", "a0V", "a1", "b", "z", "z01"].map(key)
    for (lower, upper) in zip(ascending, ascending.dropFirst()) {
      #expect(lower < upper)
      #expect(!(upper < lower))
    }
    #expect(ascending.reversed().sorted() == ascending)
  }

  // MARK: - between

  @Test func betweenTheOpenEndsIsTheMiddle() throws {
    #expect(try OrderKey.between(nil, nil) == key("V"))
  }

  @Test func betweenAdjacentKeysAddsOneDigit() throws {
    #expect(try OrderKey.between(key("a"), key("a1")) == key("a0V"))
    #expect(try OrderKey.between(key("V"), key("W")) == key("VV"))
    #expect(try OrderKey.between(key("Vz"), key("W")) == key("VzV"))
    #expect(try OrderKey.between(key("1"), key("3")) == key("2"))
    #expect(try OrderKey.between(key("V1"), key("W5")) == key("W"))
  }

  @Test func appendingCountsUpAndMovesToLongerBlocks() throws {
    #expect(try OrderKey.between(key("V"), nil) == key("W"))
    #expect(try OrderKey.between(key("W5k"), nil) == key("X"))
    #expect(try OrderKey.between(key("y"), nil) == key("z"))
    #expect(try OrderKey.between(key("z"), nil) == key("z01"))
    #expect(try OrderKey.between(key("z0z"), nil) == key("z1"))
    #expect(try OrderKey.between(key("zyz"), nil) == key("zz"))
    #expect(try OrderKey.between(key("zz"), nil) == key("zz001"))
  }

  @Test func prependingCountsDownAndMovesToLongerBlocks() throws {
    #expect(try OrderKey.between(nil, key("V")) == key("U"))
    #expect(try OrderKey.between(nil, key("2")) == key("1"))
    #expect(try OrderKey.between(nil, key("1")) == key("0z"))
    #expect(try OrderKey.between(nil, key("0z")) == key("0yz"))
    #expect(try OrderKey.between(nil, key("01")) == key("00zz"))
    #expect(try OrderKey.between(nil, key("1005")) == key("0z"))
  }

  @Test func appendsAndPrependsStayShort() throws {
    var last = try OrderKey.between(nil, nil)
    var first = last
    var longest = 0
    for _ in 0..<1_000 {
      let appended = try OrderKey.between(last, nil)
      let prepended = try OrderKey.between(nil, first)
      #expect(last < appended && prepended < first)
      (last, first) = (appended, prepended)
      longest = max(longest, last.rawValue.count, first.rawValue.count)
    }
    #expect(longest == 3)
  }

  @Test func betweenRejectsKeysOutOfOrder() throws {
    let (a, b) = (try key("a"), try key("b"))
    #expect(throws: OrderKeyError.notAscending(lower: b, upper: a)) {
      try OrderKey.between(b, a)
    }
    #expect(throws: OrderKeyError.notAscending(lower: a, upper: a)) {
      try OrderKey.between(a, a)
    }
  }

  // MARK: - spaced

  @Test func spacedSpreadsKeysAcrossTheGap() throws {
    #expect(try OrderKey.spaced(3, between: nil, and: nil) == ["F", "V", "k"].map(key))
    #expect(try OrderKey.spaced(1, between: key("a"), and: key("a1")) == [key("a0V")])
    #expect(try OrderKey.spaced(0, between: nil, and: nil) == [])
  }

  @Test func spacedFillsEveryShortKeyBeforeGrowing() throws {
    let all = try OrderKey.spaced(61, between: nil, and: nil)
    #expect(all.map(\.rawValue) == OrderKeyOracle.alphabet.dropFirst().map { String($0) })
    let longer = try OrderKey.spaced(62, between: nil, and: nil)
    #expect(longer.map(\.rawValue.count).max() == 2)
    let tenThousand = try OrderKey.spaced(10_000, between: nil, and: nil)
    #expect(tenThousand.map(\.rawValue.count).max() == 3)
  }

  @Test func spacedRejectsBadCountsAndBounds() throws {
    #expect(throws: OrderKeyError.negativeCount(-1)) {
      try OrderKey.spaced(-1, between: nil, and: nil)
    }
    let tooMany = OrderKey.maximumSpacedCount + 1
    #expect(throws: OrderKeyError.countTooLarge(tooMany, limit: OrderKey.maximumSpacedCount)) {
      try OrderKey.spaced(tooMany, between: nil, and: nil)
    }
    let (a, b) = (try key("a"), try key("b"))
    #expect(throws: OrderKeyError.notAscending(lower: b, upper: a)) {
      try OrderKey.spaced(2, between: b, and: a)
    }
    #expect(throws: OrderKeyError.notAscending(lower: a, upper: a)) {
      try OrderKey.spaced(0, between: a, and: a)
    }
  }

  // MARK: - Rebalancing

  @Test func needsRebalanceAboveTheBound() throws {
    let atBound = String(repeating: "V", count: OrderKey.rebalanceLength)
    #expect(try !key(atBound).needsRebalance)
    #expect(try key(atBound + "1").needsRebalance)
  }
}
