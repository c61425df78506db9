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
  for (index, targetIndex) in matching.sourceToTarget.enumerated() where targetIndex >= 0 {
    if !isContentEqual(source[index], target[targetIndex]) {
      updated.append(ElementPath(element: index, section: 0))
      afterUpdates[index] = target[targetIndex]
    }
  }
  if !updated.isEmpty {
    stages.append(.init(flatData: afterUpdates, updated: updated))
  }

  // MARK: Stage 2: deletes
  var deleted: [ElementPath] = []
  var afterDeletes: [Element] = []
  // positionAfterDeletes[i]: the position of source element i once deletes are applied.
  var sourceTargets: [Int] = []
  sourceTargets.reserveCapacity(source.count)
  for (index, targetIndex) in matching.sourceToTarget.enumerated() {
    if targetIndex < 0 {
      deleted.append(ElementPath(element: index, section: 0))
    } else {
      sourceTargets.append(targetIndex)
    }
  }
  if !deleted.isEmpty {
    afterDeletes.reserveCapacity(sourceTargets.count)
    for (index, targetIndex) in matching.sourceToTarget.enumerated() where targetIndex >= 0 {
      afterDeletes.append(afterUpdates[index])
    }
    stages.append(.init(flatData: afterDeletes, deleted: deleted))
  }

  // MARK: Stage 3: inserts and moves
  var stays: [Bool] = []
  let kept = _markLongestIncreasingSubsequence(sourceTargets, keep: &stays)
  // targetToRemaining[j]: the position, after deletes, of the element that lands at j.
  var remainingPosition = [Int](repeating: -1, count: target.count)
  for (position, targetIndex) in sourceTargets.enumerated() where !stays[position] {
    remainingPosition[targetIndex] = position
  }
  var inserted: [ElementPath] = []
  var moved: [ElementMove] = []
  moved.reserveCapacity(sourceTargets.count - kept)
  for (targetIndex, sourceIndex) in matching.targetToSource.enumerated() {
    if sourceIndex < 0 {
      inserted.append(ElementPath(element: targetIndex, section: 0))
    } else if remainingPosition[targetIndex] >= 0 {
      moved.append(
        ElementMove(
          source: ElementPath(element: remainingPosition[targetIndex], section: 0),
          target: ElementPath(element: targetIndex, section: 0)))
    }
  }
  if !inserted.isEmpty || !moved.isEmpty {
    stages.append(.init(flatData: target, inserted: inserted, moved: moved))
  }
  return (stages, moved.count)
}

extension Changeset {
  /// A flat stage from already sorted change lists.
  @inlinable
  init(
    flatData data: Data,
    deleted: [ElementPath] = [],
    inserted: [ElementPath] = [],
    updated: [ElementPath] = [],
    moved: [ElementMove] = []
  ) {
    self.init(
      unsortedData: data, sectionDeleted: [], sectionInserted: [], sectionUpdated: [],
      sectionMoved: [], elementDeleted: deleted, elementInserted: inserted,
      elementUpdated: updated, elementMoved: moved)
  }
}
