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

extension FetchedResults {
  /// The new snapshot made by editing the previous one with what the commit did, instead of
  /// building it from scratch (which hashes every identifier). `nil` when sections changed or
  /// the edit does not reproduce `target` exactly (the caller builds the snapshot then).
  ///
  /// - Complexity: O(c × s) for c changed objects in sections of s objects.
  static func editedSnapshot(
    _ previous: ResultsSnapshot, sections: [FetchedSection<Root>], changes: ResultChanges
  ) -> ResultsSnapshot? {
    guard previous.sectionIdentifiers == sections.map(\.key) else { return nil }
    var snapshot = previous
    do {
      if !changes.removed.isEmpty {
        try snapshot.deleteItems(changes.removed.filter { previous.contains(item: $0) })
      }
      let placed = changes.inserted.union(changes.repositioned)
      guard !placed.isEmpty else { return snapshot }
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
        let section = sections[sectionIndex]
        let ids = section.ids
        let id = ids[index]
        let isNew = !snapshot.contains(item: id)
        if index > 0 {
          let previousID = ids[index - 1]
          if !isNew, let path = snapshot.indexPath(of: id), path.section == sectionIndex,
            path.element > 0,
            snapshot.sections[sectionIndex].items[path.element - 1] == previousID
          {
            continue
          }
          if isNew {
            try snapshot.insertItems([id], afterItem: previousID)
          } else {
            try snapshot.moveItem(id, afterItem: previousID)
          }
        } else if let first = snapshot.sections[sectionIndex].items.first, first != id {
          if isNew {
            try snapshot.insertItems([id], beforeItem: first)
          } else {
            try snapshot.moveItem(id, beforeItem: first)
          }
        } else if isNew {
          try snapshot.appendItems([id], toSection: section.key)
        }
      }
      for (index, section) in sections.enumerated()
      where snapshot.sections[index].items != section.ids {
        return nil
      }
    } catch {
      return nil
    }
    return snapshot
  }
}
