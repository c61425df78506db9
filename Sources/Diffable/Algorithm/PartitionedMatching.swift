// MARK: - Cache-conscious matching

/// Matches source and target positions whose identifiers are equal (see
/// ``_matchIdentifiersWithDictionary``) in a way that stays fast when the data outgrows the
/// processor caches.
///
/// A single hash table over a million identifiers turns every insert and lookup into a cache
/// miss. Instead, as in a radix-partitioned hash join:
///
/// 1. Hash every identifier once, in order.
/// 2. Scatter (hash, position) pairs into partitions by the hash's top bits, keeping order.
/// 3. Match each partition with a small open-addressing table on the 64-bit hash values; it
///    fits in the first- or second-level cache.
/// 4. Gather the matches back into position order.
/// 5. Verify every matched pair by comparing identifiers, in target order. Two different
///    identifiers with equal hash values make a pair fail; the whole matching is then redone
///    with ``_matchIdentifiersWithDictionary``, so the result is always the exact matching.
///
/// Within a partition, occurrences stay in source and target order, so duplicates match k-th
/// to k-th exactly as in the reference implementation.
///
/// - Complexity: O(n + m) expected time and memory, with sequential memory access except
///   inside partitions that fit in cache.
@inlinable
func _matchIdentifiers<ID: Hashable>(
  sourceCount: Int,
  targetCount: Int,
  sourceIdentifier: (Int) -> ID,
  targetIdentifier: (Int) -> ID,
  sourceIncluded: (Int) -> Bool = { _ in true },
  targetIncluded: (Int) -> Bool = { _ in true }
) -> _Matching {
  guard sourceCount < Int(Int32.max), targetCount < Int(Int32.max) else {
    return _matchIdentifiersWithDictionary(
      sourceCount: sourceCount, targetCount: targetCount, sourceIdentifier: sourceIdentifier,
      targetIdentifier: targetIdentifier, sourceIncluded: sourceIncluded,
      targetIncluded: targetIncluded)
  }
  // About 512 source positions per partition, and at most 256 partitions: more would
  // scatter into more pages than the TLB holds.
  var bits = 0
  while bits < 8 && (sourceCount >> (bits + 9)) > 0 { bits += 1 }
  let source = _Partitions(
    count: sourceCount, bits: bits, identifier: sourceIdentifier, included: sourceIncluded)
  let target = _Partitions(
    count: targetCount, bits: bits, identifier: targetIdentifier, included: targetIncluded)

  // Match partition by partition.
  var targetMatch = [Int32](repeating: -1, count: target.positions.count)
  var largest = 0
  for partition in 0..<(1 << bits) {
    largest = max(largest, source.starts[partition + 1] - source.starts[partition])
  }
  var capacity = 4
  while capacity < 2 * largest { capacity <<= 1 }
  var slots = [Int32](repeating: -1, count: capacity)
  var next = [Int32](repeating: -1, count: source.positions.count)
  // cursor[head]: the next unmatched occurrence of the head's identifier.
  var cursor = [Int32](repeating: -1, count: source.positions.count)
  for entry in cursor.indices { cursor[entry] = Int32(truncatingIfNeeded: entry) }
  source.hashes.withUnsafeBufferPointer { sourceHashes in
    target.hashes.withUnsafeBufferPointer { targetHashes in
      source.positions.withUnsafeBufferPointer { sourcePositions in
        target.positions.withUnsafeBufferPointer { targetPositions in
          slots.withUnsafeMutableBufferPointer { slots in
            for partition in 0..<(1 << bits) {
              let sourceRange = source.starts[partition]..<source.starts[partition + 1]
              guard !sourceRange.isEmpty else { continue }
              var mask = 3
              while mask + 1 < 2 * sourceRange.count { mask = (mask << 1) | 1 }
              for slot in 0...mask { slots[slot] = -1 }
              // Build in reverse, so each chain starts at the first occurrence.
              for entry in sourceRange.reversed() {
                let hash = sourceHashes[entry]
                var slot = hash & mask
                while true {
                  let head = Int(slots[slot])
                  if head < 0 {
                    slots[slot] = Int32(truncatingIfNeeded: entry)
                    break
                  }
                  if sourceHashes[head] == hash {
                    next[entry] = Int32(truncatingIfNeeded: head)
                    slots[slot] = Int32(truncatingIfNeeded: entry)
                    break
                  }
                  slot = (slot + 1) & mask
                }
              }
              for entry in target.starts[partition]..<target.starts[partition + 1] {
                let hash = targetHashes[entry]
                var slot = hash & mask
                while true {
                  let head = Int(slots[slot])
                  if head < 0 { break }
                  if sourceHashes[head] == hash {
                    let matched = Int(cursor[head])
                    if matched >= 0 {
                      targetMatch[entry] = sourcePositions[matched]
                      cursor[head] = next[matched]
                    }
                    break
                  }
                  slot = (slot + 1) & mask
                }
              }
            }
          }
        }
      }
    }
  }

  // Gather back into position order and verify identifiers.
  var targetToSource = [Int](repeating: -1, count: targetCount)
  var sourceToTarget = [Int](repeating: -1, count: sourceCount)
  for position in 0..<targetCount {
    let entry = Int(target.entryOf[position])
    guard entry >= 0 else { continue }
    let matched = Int(targetMatch[entry])
    guard matched >= 0 else { continue }
    guard sourceIdentifier(matched) == targetIdentifier(position) else {
      return _matchIdentifiersWithDictionary(
        sourceCount: sourceCount, targetCount: targetCount, sourceIdentifier: sourceIdentifier,
        targetIdentifier: targetIdentifier, sourceIncluded: sourceIncluded,
        targetIncluded: targetIncluded)
    }
    targetToSource[position] = matched
    sourceToTarget[matched] = position
  }
  return _Matching(sourceToTarget: sourceToTarget, targetToSource: targetToSource)
}

/// The included positions of one side, hashed and grouped by the top bits of their hash.
@usableFromInline
struct _Partitions {
  /// The hash of each entry, partition after partition.
  @usableFromInline var hashes: [Int]
  /// The position of each entry, partition after partition.
  @usableFromInline var positions: [Int32]
  /// Where each partition starts in `hashes` and `positions`; one extra end index.
  @usableFromInline var starts: [Int]
  /// The entry of each position, or -1 for an excluded position.
  @usableFromInline var entryOf: [Int32]

  @inlinable
  init<ID: Hashable>(
    count: Int, bits: Int, identifier: (Int) -> ID, included: (Int) -> Bool
  ) {
    let partitions = 1 << bits
    let shift = 63 - bits
    var positionHash = [Int](repeating: 0, count: count)
    var sizes = [Int](repeating: 0, count: partitions + 1)
    entryOf = [Int32](repeating: -1, count: count)
    var total = 0
    for position in 0..<count where included(position) {
      let hash = identifier(position).hashValue
      positionHash[position] = hash
      entryOf[position] = 0
      sizes[Int((UInt(bitPattern: hash) >> 1) >> UInt(shift))] += 1
      total += 1
    }
    starts = [Int](repeating: 0, count: partitions + 1)
    for partition in 0..<partitions {
      starts[partition + 1] = starts[partition] + sizes[partition]
    }
    var fill = starts
    hashes = [Int](repeating: 0, count: total)
    positions = [Int32](repeating: 0, count: total)
    for position in 0..<count where entryOf[position] == 0 {
      let hash = positionHash[position]
      let partition = Int((UInt(bitPattern: hash) >> 1) >> UInt(shift))
      let entry = fill[partition]
      fill[partition] = entry + 1
      hashes[entry] = hash
      positions[entry] = Int32(truncatingIfNeeded: position)
      entryOf[position] = Int32(truncatingIfNeeded: entry)
    }
  }
}
