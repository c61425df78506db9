/// Independent, exhaustive computations of the minimum number of moves, for tiny inputs.
enum BruteForce {
  /// The largest subset of `candidates` whose members satisfy `allowed` and keep their
  /// relative order from `before` to `after` among members of the same `group`, found by
  /// trying every subset.
  static func largestStayingSet<ID: Hashable>(
    _ candidates: [ID], before: [ID], after: [ID], allowed: (ID) -> Bool = { _ in true },
    group: (ID) -> Int = { _ in 0 }
  ) -> Int {
    precondition(candidates.count <= 16, "brute force is exponential")
    let beforeRank = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
    let afterRank = Dictionary(uniqueKeysWithValues: after.enumerated().map { ($1, $0) })
    var best = 0
    for mask in 0..<(1 << candidates.count) {
      let chosen = candidates.indices.filter { mask & (1 << $0) != 0 }.map { candidates[$0] }
      guard chosen.count > best, chosen.allSatisfy(allowed) else { continue }
      let consistent = Set(chosen.map(group)).allSatisfy { key in
        let members = chosen.filter { group($0) == key }
        let byBefore = members.sorted { beforeRank[$0]! < beforeRank[$1]! }
        let byAfter = members.sorted { afterRank[$0]! < afterRank[$1]! }
        return byBefore == byAfter
      }
      if consistent { best = chosen.count }
    }
    return best
  }

  /// The minimum number of moves from `source` to `target` for duplicate-free flat arrays.
  static func flatMoves(_ source: [Int], _ target: [Int]) -> Int {
    let common = source.filter(Set(target).contains)
    return common.count - largestStayingSet(common, before: source, after: target)
  }

  /// The minimum number of element moves between sectioned data, under the rule that
  /// elements only match between surviving sections and an element that stays put stays in
  /// its section with its relative order there.
  static func sectionedElementMoves(_ source: [Section], _ target: [Section]) -> Int {
    let surviving = Set(source.map(\.model.id)).intersection(target.map(\.model.id))
    func placement(_ data: [Section]) -> [Int: Int] {
      var result: [Int: Int] = [:]
      for section in data where surviving.contains(section.model.id) {
        for element in section.elements { result[element.id] = section.model.id }
      }
      return result
    }
    let before = placement(source)
    let after = placement(target)
    let matched = before.keys.filter { after[$0] != nil }.sorted()
    let order: ([Section]) -> [Int] = { data in
      data.filter { surviving.contains($0.model.id) }.flatMap { $0.elements.map(\.id) }
    }
    let staying = largestStayingSet(
      matched, before: order(source), after: order(target),
      allowed: { before[$0] == after[$0] }, group: { before[$0]! })
    return matched.count - staying
  }

  /// The minimum number of section moves between sectioned data.
  static func sectionMoves(_ source: [Section], _ target: [Section]) -> Int {
    let sourceIDs = source.map(\.model.id)
    let targetIDs = target.map(\.model.id)
    let common = sourceIDs.filter(Set(targetIDs).contains)
    return common.count - largestStayingSet(common, before: sourceIDs, after: targetIDs)
  }
}
