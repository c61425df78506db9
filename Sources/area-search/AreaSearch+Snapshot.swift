import Diffable

extension AreaSearch {
  /// The sections of the area list.
  enum Section: Hashable, Sendable {
    case areas
  }

  /// The items of the area list: one per visible area, identified by its code.
  enum Item: Hashable, Sendable {
    case area(Area.ID)
  }
}

extension AreaSearch.State {
  /// What the list shows, derived from the state: one section with the visible areas, in the
  /// order of ``areas``.
  ///
  /// - Throws: `SnapshotError.duplicateItem` if two visible areas share a code.
  var snapshot: Snapshot<AreaSearch.Section, AreaSearch.Item> {
    get throws(SnapshotError) {
      var snapshot = Snapshot<AreaSearch.Section, AreaSearch.Item>()
      try snapshot.appendSections([.areas])
      try snapshot.appendItems(areas.map { .area($0.id) }, toSection: .areas)
      return snapshot
    }
  }
}
