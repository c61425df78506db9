/// A small, fast, deterministic random number generator (SplitMix64), so every run and every
/// library diffs the same workloads.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The source and target of one diff benchmark case: sections of integer items.
///
/// The source has `sections` sections of `size` items numbered `0..<sections * size`. The
/// target drops `deletes` random items, takes `moves` other items out and puts them back at
/// random places of random sections, and adds `inserts` new items (numbered from the source
/// count) at random places of random sections.
struct DiffWorkload {
  var source: [[Int]]
  var target: [[Int]]

  var flatSource: [Int] { source.flatMap { $0 } }
  var flatTarget: [Int] { target.flatMap { $0 } }

  /// - Complexity: O(n + k log k) for n items and k inserts and moves.
  init(sections: Int, size: Int, deletes: Int, inserts: Int, moves: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = sections * size
    source = (0..<sections).map { Array(($0 * size)..<(($0 + 1) * size)) }
    // 0 = stays, 1 = deleted, 2 = moved.
    var fate = [UInt8](repeating: 0, count: count)
    func mark(_ amount: Int, as value: UInt8) {
      var marked = 0
      while marked < amount {
        let index = Int.random(in: 0..<count, using: &random)
        if fate[index] == 0 {
          fate[index] = value
          marked += 1
        }
      }
    }
    mark(deletes, as: 1)
    mark(moves, as: 2)
    var staying: [[Int]] = source.map { $0.filter { fate[$0] == 0 } }
    var arriving: [(section: Int, slot: Int, item: Int)] = []
    arriving.reserveCapacity(inserts + moves)
    let newItems = (0..<count).filter { fate[$0] == 2 } + Array(count..<(count + inserts))
    for item in newItems {
      let section = sections == 1 ? 0 : Int.random(in: 0..<sections, using: &random)
      let slot = Int.random(in: 0...staying[section].count, using: &random)
      arriving.append((section, slot, item))
    }
    arriving.sort { ($0.section, $0.slot) < ($1.section, $1.slot) }
    var next = 0
    target = []
    target.reserveCapacity(sections)
    for section in 0..<sections {
      var items: [Int] = []
      items.reserveCapacity(staying[section].count + 2 * (inserts + moves) / sections)
      for (slot, item) in staying[section].enumerated() {
        while next < arriving.count && arriving[next].section == section
          && arriving[next].slot == slot
        {
          items.append(arriving[next].item)
          next += 1
        }
        items.append(item)
      }
      while next < arriving.count && arriving[next].section == section {
        items.append(arriving[next].item)
        next += 1
      }
      target.append(items)
      staying[section] = []
    }
  }
}
