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

extension ResultChanges {
  /// What several commits, applied one after the other, did to a result: the changes from the
  /// result before the first to the result after the last, so that a burst of commits is
  /// published as one value with an incremental changeset.
  ///
  /// - Parameters:
  ///   - sequence: Each commit's changes, in commit order.
  ///   - wasPresent: Whether an object was in the result before the first commit.
  static func merged(_ sequence: [ResultChanges], wasPresent: (UUID) -> Bool) -> ResultChanges {
    guard sequence.count > 1 else { return sequence.first ?? ResultChanges() }
    var present: [UUID: Bool] = [:]
    var touched: Set<UUID> = []
    var updated: Set<UUID> = []
    var repositioned: Set<UUID> = []
    for changes in sequence {
      for id in changes.removed { present[id] = false }
      for id in changes.inserted {
        // Out and back in: for the first result, it moved and may have changed.
        if present[id] == false || (present[id] == nil && wasPresent(id)) {
          updated.insert(id)
          repositioned.insert(id)
        }
        present[id] = true
      }
      for id in changes.repositioned { present[id] = true }
      for id in changes.updated { present[id] = true }
      touched.formUnion(changes.removed)
      touched.formUnion(changes.inserted)
      updated.formUnion(changes.updated)
      repositioned.formUnion(changes.repositioned)
    }
    var merged = ResultChanges()
    for id in touched.union(updated).union(repositioned) {
      let before = wasPresent(id)
      let after = present[id] ?? before
      switch (before, after) {
      case (false, true): merged.inserted.insert(id)
      case (true, false): merged.removed.insert(id)
      case (true, true):
        if updated.contains(id) { merged.updated.insert(id) }
        if repositioned.contains(id) { merged.repositioned.insert(id) }
      case (false, false): break
      }
    }
    return merged
  }
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
    from previous: PreviousResults, to snapshot: ResultsSnapshot, changes: ResultChanges
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

extension FetchedResults {
  /// Turns the previous snapshot into the new one by editing it with what the commit did,
  /// instead of building it from scratch (which hashes every identifier).
  ///
  /// - Returns: `false` when the edit does not reproduce `sections` exactly; `snapshot` is then
  ///   in an unspecified state and the caller builds the snapshot from scratch.
  /// - Complexity: O(c × s) for c changed objects in sections of s objects.
  static func editSnapshot(
    _ snapshot: inout ResultsSnapshot, sections: [FetchedSection<Root>], changes: ResultChanges
  ) -> Bool {
    guard snapshot.sectionIdentifiers == sections.map(\.key) else { return false }
    do {
      if !changes.removed.isEmpty {
        let present = changes.removed.filter { snapshot.contains(item: $0) }
        try snapshot.deleteItems(Array(present))
      }
      let placed = changes.inserted.union(changes.repositioned)
      guard !placed.isEmpty else { return true }
      // Where each placed object goes, in target order. A few objects are found by a linear
      // search of the identifiers (no hashing); many by one pass over them.
      var targets: [(section: Int, element: Int)] = []
      if placed.count <= 16 {
        for id in placed {
          for (index, section) in sections.enumerated() {
            if let element = section.ids.firstIndex(of: id) {
              targets.append((index, element))
              break
            }
          }
        }
        targets.sort { ($0.section, $0.element) < ($1.section, $1.element) }
      } else {
        for (index, section) in sections.enumerated() {
          for (element, id) in section.ids.enumerated() where placed.contains(id) {
            targets.append((index, element))
          }
        }
      }
      for (sectionIndex, index) in targets {
        try place(
          sections[sectionIndex].ids, at: index, section: sectionIndex,
          key: sections[sectionIndex].key, in: &snapshot)
      }
      for (index, section) in sections.enumerated()
      where snapshot.sections[index].items != section.ids {
        return false
      }
    } catch {
      return false
    }
    return true
  }

  /// Puts `ids[index]` (new or already in the snapshot) right after the identifier before it
  /// in the target, or first in its section.
  private static func place(
    _ ids: [UUID], at index: Int, section sectionIndex: Int, key: StoredValue,
    in snapshot: inout ResultsSnapshot
  ) throws(SnapshotError) {
    let id = ids[index]
    let path = snapshot.indexPath(of: id)
    if index > 0 {
      let previousID = ids[index - 1]
      if let path, path.section == sectionIndex, path.element > 0,
        snapshot.sections[sectionIndex].items[path.element - 1] == previousID
      {
        return
      }
      if path == nil {
        try snapshot.insertItems([id], afterItem: previousID)
      } else {
        try snapshot.moveItem(id, afterItem: previousID)
      }
    } else if let first = snapshot.sections[sectionIndex].items.first, first != id {
      if path == nil {
        try snapshot.insertItems([id], beforeItem: first)
      } else {
        try snapshot.moveItem(id, beforeItem: first)
      }
    } else if path == nil {
      try snapshot.appendItems([id], toSection: key)
    }
  }
}
