import Diffable
import Foundation

/// What one commit did to an observed result, recorded while it was applied incrementally.
struct ResultChanges: Sendable {
  /// Objects that left the result (deleted, or no longer matching).
  var removed: Set<UUID> = []
  /// Objects that joined the result.
  var inserted: Set<UUID> = []
  /// Objects taken out and put back at their sorted position (possibly the same one).
  var repositioned: Set<UUID> = []
  /// Objects whose content changed.
  var updated: Set<UUID> = []
}

extension FetchedResults {
  typealias SnapshotSectionType = SnapshotSection<StoredValue, UUID>

  /// The changeset of an incrementally applied commit, built from what it did instead of by
  /// diffing the whole result, in the stages the Diffable diff uses: updates; deletes;
  /// inserts and moves. `nil` when sections appeared or disappeared (the caller diffs then).
  ///
  /// An object put back is a move unless the object before it is one that stayed put, both
  /// before and after; objects that stayed put keep their relative order, so the remaining
  /// objects land exactly where the target has them.
  ///
  /// - Complexity: O(c × s) for c changed objects and s objects in their sections, with no
  ///   hashing of unchanged objects unless some were removed.
  static func incrementalChangeset(
    from previous: ResultsSnapshot, to snapshot: ResultsSnapshot, changes: ResultChanges
  ) -> ResultsChangeset? {
    guard previous.sectionIdentifiers == snapshot.sectionIdentifiers else { return nil }
    var stages: [Changeset<[SnapshotSectionType]>] = []
    let old = previous.sections

    let updatedPaths = changes.updated.compactMap { id -> ElementPath? in
      changes.removed.contains(id) ? nil : previous.indexPath(of: id)
    }
    if !updatedPaths.isEmpty {
      stages.append(Changeset(data: old, elementUpdated: updatedPaths))
    }

    var remaining = old
    var deletedPaths: [ElementPath] = []
    for id in changes.removed {
      if let path = previous.indexPath(of: id) { deletedPaths.append(path) }
    }
    if !deletedPaths.isEmpty {
      let bySection = Dictionary(grouping: deletedPaths, by: \.section)
      for (section, paths) in bySection {
        let doomed = Set(paths.map(\.element))
        remaining[section].items = remaining[section].items.enumerated()
          .filter { !doomed.contains($0.offset) }.map(\.element)
      }
      stages.append(Changeset(data: remaining, elementDeleted: deletedPaths))
    }

    let target = snapshot.sections
    let insertedPaths = changes.inserted.compactMap { snapshot.indexPath(of: $0) }
    func isStable(_ id: UUID) -> Bool {
      !changes.repositioned.contains(id) && !changes.inserted.contains(id)
    }
    var moves: [ElementMove] = []
    for id in changes.repositioned {
      guard let before = previous.indexPath(of: id), let after = snapshot.indexPath(of: id)
      else { continue }
      let removedBefore = deletedPaths.filter {
        $0.section == before.section && $0.element < before.element
      }.count
      let source = ElementPath(element: before.element - removedBefore, section: before.section)
      let sourceItems = remaining[source.section].items
      let targetItems = target[after.section].items
      let previousSource: UUID? = source.element > 0 ? sourceItems[source.element - 1] : nil
      let previousTarget: UUID? = after.element > 0 ? targetItems[after.element - 1] : nil
      let stayed =
        source.section == after.section && previousSource == previousTarget
        && (previousSource.map(isStable) ?? true)
      if !stayed { moves.append(ElementMove(source: source, target: after)) }
    }
    if !insertedPaths.isEmpty || !moves.isEmpty {
      stages.append(Changeset(data: target, elementInserted: insertedPaths, elementMoved: moves))
    }
    return StagedChangeset(stages)
  }
}
