import Diffable
import Foundation

/// What the changeset of an incrementally applied commit needs of the previous snapshot,
/// kept aside before that snapshot is edited in place: its sections and the positions of the
/// objects the commit touched.
struct PreviousResults: Sendable {
  let sectionIdentifiers: [StoredValue]
  let sections: [SnapshotSection<StoredValue, UUID>]
  private let paths: [UUID: ElementPath]

  /// - Complexity: O(c) for c changed objects.
  init(_ snapshot: Snapshot<StoredValue, UUID>, changes: ResultChanges) {
    sectionIdentifiers = snapshot.sectionIdentifiers
    sections = snapshot.sections
    var paths: [UUID: ElementPath] = [:]
    for ids in [changes.updated, changes.removed, changes.repositioned] {
      for id in ids {
        if let path = snapshot.indexPath(of: id) { paths[id] = path }
      }
    }
    self.paths = paths
  }

  /// The position of `id` in the previous snapshot, if it was one of the changed objects
  /// there. - Complexity: O(1).
  func indexPath(of id: UUID) -> ElementPath? { paths[id] }

  /// The previous snapshot, built again from its sections (when an edit went wrong).
  ///
  /// - Complexity: O(n) for n items.
  func rebuiltSnapshot() throws -> Snapshot<StoredValue, UUID> {
    var snapshot = Snapshot<StoredValue, UUID>()
    try snapshot.appendSections(sectionIdentifiers)
    for section in sections {
      try snapshot.appendItems(section.items, toSection: section.identifier)
    }
    return snapshot
  }
}
