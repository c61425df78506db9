// MARK: - Flat diff

/// Computes the stages of a flat diff: updates; deletes; inserts and moves.
///
/// 1. Match positions by identifier (``_matchIdentifiers``).
/// 2. Updates: matched pairs whose content differs, at their source positions.
/// 3. Deletes: unmatched source positions.
/// 4. Inserts: unmatched target positions. Moves: the matched elements outside one longest
///    increasing subsequence of their target positions (taken in source order), which is the
///    minimum number of moves.
///
/// - Complexity: O(n + m) expected time for matching, updates, deletes and inserts, plus
///   O(n log n) for the longest increasing subsequence.
@inlinable
func _flatDiff<Element, ID: Hashable>(
  source: [Element],
  target: [Element],
  identifier: (Element) -> ID,
  isContentEqual: (Element, Element) -> Bool
) -> (stages: [Changeset<[Element]>], moveCount: Int) {
  let matching = _matchIdentifiers(
    sourceCount: source.count,
    targetCount: target.count,
    sourceIdentifier: { identifier(source[$0]) },
    targetIdentifier: { identifier(target[$0]) }
  )
  var stages: [Changeset<[Element]>] = []

  // MARK: Stage 1: updates
  var updated: [ElementPath] = []
  var afterUpdates = source
  var matchedCount = 0
  for (index, targetIndex) in matching.sourceToTarget.enumerated() where targetIndex >= 0 {
    matchedCount += 1
    if !isContentEqual(source[index], target[targetIndex]) {
      updated.append(ElementPath(element: index, section: 0))
      afterUpdates[index] = target[targetIndex]
    }
  }
  if !updated.isEmpty {
    stages.append(.init(unsortedData: afterUpdates, elementUpdated: updated))
  }

  // MARK: Stage 2: deletes
  if matchedCount < source.count {
    var deleted: [ElementPath] = []
    deleted.reserveCapacity(source.count - matchedCount)
    var afterDeletes: [Element] = []
    afterDeletes.reserveCapacity(matchedCount)
    for (index, targetIndex) in matching.sourceToTarget.enumerated() {
      if targetIndex < 0 {
        deleted.append(ElementPath(element: index, section: 0))
      } else {
        afterDeletes.append(afterUpdates[index])
      }
    }
    stages.append(.init(unsortedData: afterDeletes, elementDeleted: deleted))
  }

  // MARK: Stage 3: inserts and moves
  let (inserted, moved) =
    max(source.count, target.count) < Int(Int32.max)
    ? _insertsAndMoves(matching, matchedCount: matchedCount, index: Int32.self)
    : _insertsAndMoves(matching, matchedCount: matchedCount, index: Int.self)
  if !inserted.isEmpty || !moved.isEmpty {
    stages.append(.init(unsortedData: target, elementInserted: inserted, elementMoved: moved))
  }
  return (stages, moved.count)
}

/// The inserts and the minimal moves of a flat diff, in target order, with positions stored
/// as `Index` (`Int32` whenever the counts allow, to halve the memory the n-sized
/// temporaries touch).
///
/// The matched elements, in source order, are listed by target position; the ones outside
/// one longest increasing subsequence of that list move, from their position after the
/// deletes.
///
/// - Complexity: O(n + m) plus O(n log n) for the longest increasing subsequence.
@inlinable
func _insertsAndMoves<Index: FixedWidthInteger & SignedInteger>(
  _ matching: _Matching, matchedCount: Int, index: Index.Type
) -> (inserted: [ElementPath], moved: [ElementMove]) {
  // sourceTargets[p]: the target position of the p-th matched source element.
  var sourceTargets = [Index]()
  sourceTargets.reserveCapacity(matchedCount)
  for targetIndex in matching.sourceToTarget where targetIndex >= 0 {
    sourceTargets.append(Index(truncatingIfNeeded: targetIndex))
  }
  // remainingPosition[j]: the position, after deletes, of the element that moves to j.
  var remainingPosition = [Index](repeating: -1, count: matching.targetToSource.count)
  let kept = sourceTargets.withUnsafeBufferPointer { values in
    _forEachOutsideLongestIncreasingSubsequence(values) { position in
      remainingPosition[Int(values[position])] = Index(truncatingIfNeeded: position)
    }
  }
  var inserted: [ElementPath] = []
  inserted.reserveCapacity(matching.targetToSource.count - matchedCount)
  var moved: [ElementMove] = []
  moved.reserveCapacity(matchedCount - kept)
  for (targetIndex, sourceIndex) in matching.targetToSource.enumerated() {
    if sourceIndex < 0 {
      inserted.append(ElementPath(element: targetIndex, section: 0))
    } else if remainingPosition[targetIndex] >= 0 {
      moved.append(
        ElementMove(
          source: ElementPath(element: Int(remainingPosition[targetIndex]), section: 0),
          target: ElementPath(element: targetIndex, section: 0)))
    }
  }
  return (inserted, moved)
}
