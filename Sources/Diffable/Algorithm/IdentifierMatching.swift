// MARK: - Heckel-style matching

/// The matching of source and target positions by identifier.
///
/// `sourceToTarget[i]` is the target position of source position `i`, or `-1` when it has no
/// partner; `targetToSource` is the inverse.
@usableFromInline
struct _Matching {
  @usableFromInline var sourceToTarget: [Int]
  @usableFromInline var targetToSource: [Int]

  @inlinable
  init(sourceToTarget: [Int], targetToSource: [Int]) {
    self.sourceToTarget = sourceToTarget
    self.targetToSource = targetToSource
  }
}

/// Matches source and target positions whose identifiers are equal, with one hash table.
///
/// The reference implementation: ``_matchIdentifiers`` falls back to it when two different
/// identifiers share a 64-bit hash value.
///
/// Positions for which `sourceIncluded` / `targetIncluded` return `false` never match. When an
/// identifier occurs several times, its k-th source occurrence matches its k-th target
/// occurrence; extra occurrences stay unmatched (they become deletes or inserts).
///
/// - Complexity: O(n + m) expected time (one hash insert per source position, one lookup per
///   target position) and O(n + m) memory.
@inlinable
func _matchIdentifiersWithDictionary<ID: Hashable>(
  sourceCount: Int,
  targetCount: Int,
  sourceIdentifier: (Int) -> ID,
  targetIdentifier: (Int) -> ID,
  sourceIncluded: (Int) -> Bool = { _ in true },
  targetIncluded: (Int) -> Bool = { _ in true }
) -> _Matching {
  var table = [ID: Int](minimumCapacity: sourceCount)
  // nextOccurrence[i]: the next source position with the same identifier as position i.
  var nextOccurrence = [Int](repeating: -1, count: sourceCount)
  var index = sourceCount - 1
  while index >= 0 {
    if sourceIncluded(index),
      let following = table.updateValue(index, forKey: sourceIdentifier(index))
    {
      nextOccurrence[index] = following
    }
    index -= 1
  }
  var sourceToTarget = [Int](repeating: -1, count: sourceCount)
  var targetToSource = [Int](repeating: -1, count: targetCount)
  for target in 0..<targetCount where targetIncluded(target) {
    guard let slot = table.index(forKey: targetIdentifier(target)) else { continue }
    let source = table.values[slot]
    guard source >= 0 else { continue }
    sourceToTarget[source] = target
    targetToSource[target] = source
    table.values[slot] = nextOccurrence[source]
  }
  return _Matching(sourceToTarget: sourceToTarget, targetToSource: targetToSource)
}
