// MARK: - Diffing snapshots

extension StagedChangeset {
  /// Computes the staged changes that turn the list showing `source` into one showing
  /// `target`.
  ///
  /// Sections and items are matched by identifier (items across sections). An item is
  /// reported updated when `target` marks it reloaded or reconfigured, or when
  /// `isItemContentEqual` returns `false` for it; a section is updated when `target` marks it
  /// reloaded. Each stage's data is an array of ``SnapshotSection``.
  ///
  /// ```swift
  /// let changes = StagedChangeset(source: shown, target: next) { todo in
  ///   !changedTodoIDs.contains(todo)
  /// }
  /// for stage in changes { send(stage) }
  /// ```
  ///
  /// - Parameters:
  ///   - source: The snapshot the list shows now.
  ///   - target: The snapshot to show.
  ///   - isItemContentEqual: Whether an item that is in both snapshots kept its content;
  ///     persistence passes "not among the changed objects".
  /// - Note: Snapshots never hold duplicate identifiers, so matching is exact. Items of a
  ///   deleted section leave with it; items of an inserted section arrive with it.
  /// - Complexity: O(n + m) expected time plus O(n log n) for the minimal moves.
  @inlinable
  public init<SectionID, ItemID>(
    source: Snapshot<SectionID, ItemID>,
    target: Snapshot<SectionID, ItemID>,
    isItemContentEqual: (ItemID) -> Bool = { _ in true }
  ) where Data == [SnapshotSection<SectionID, ItemID>] {
    let reloadedSections = target._reloadedSections
    let reloadedItems = target._reloadedItems
    let reconfiguredItems = target._reconfiguredItems
    self.stages =
      _sectionedDiff(
        source: source._sections, target: target._sections,
        sectionIdentifier: { $0.identifier },
        isSectionContentEqual: { _, new in !reloadedSections.contains(new.identifier) },
        elementIdentifier: { $0 },
        isElementContentEqual: { _, item in
          !reloadedItems.contains(item) && !reconfiguredItems.contains(item)
            && isItemContentEqual(item)
        }
      ).stages
  }
}

extension Snapshot {
  /// The staged changes from `source` to this snapshot; see
  /// ``StagedChangeset/init(source:target:isItemContentEqual:)``.
  ///
  /// - Complexity: O(n + m) expected time plus O(n log n) for the minimal moves.
  @inlinable
  public func changeset(
    from source: Snapshot,
    isItemContentEqual: (ItemIdentifierType) -> Bool = { _ in true }
  ) -> StagedChangeset<[Section]> {
    StagedChangeset(source: source, target: self, isItemContentEqual: isItemContentEqual)
  }
}
