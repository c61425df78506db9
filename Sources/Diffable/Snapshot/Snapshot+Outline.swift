// MARK: - Outlines

extension Snapshot {
  /// Shows `outline` in `section`: the section's items become the outline's visible items.
  ///
  /// Replaces the section's items (and any previous outline). Change expansion or edit the
  /// outline through ``sectionSnapshot(for:)`` and set it again.
  ///
  /// ```swift
  /// var outline = try snapshot.sectionSnapshot(for: "list")
  /// try outline.expand(["Undone"])
  /// try snapshot.setSectionSnapshot(outline, for: "list")
  /// ```
  ///
  /// - Parameters:
  ///   - outline: The outline to show.
  ///   - section: The section that shows it.
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; ``SnapshotError/duplicateItem(_:)`` when
  ///   an outline item (visible or not) is already in another section.
  /// - Complexity: O(n + k) for n items of the section and k items of the outline.
  public mutating func setSectionSnapshot(
    _ outline: SectionSnapshot<ItemIdentifierType>,
    for section: SectionIdentifierType
  ) throws(SnapshotError) {
    let index = try _index(of: section)
    for item in outline.items {
      if let path = _itemPath[item], path.section != index { throw .duplicateItem(_name(item)) }
      if let other = _outlineItems[item], other != section { throw .duplicateItem(_name(item)) }
    }
    if let previous = _outlines[section] {
      for item in previous.items { _outlineItems[item] = nil }
    }
    for item in outline.items { _outlineItems[item] = section }
    _outlines[section] = outline
    let visible = outline.visibleItems
    let shown = Set(visible)
    for item in _sections[index].items where !shown.contains(item) {
      _reloadedItems.remove(item)
      _reconfiguredItems.remove(item)
    }
    _replaceItems(inSection: index, with: visible)
  }

  /// The outline that `section` shows; a section without one gives a flat outline of its
  /// items.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(1) for an outline section, O(m) for m items otherwise.
  public func sectionSnapshot(
    for section: SectionIdentifierType
  ) throws(SnapshotError) -> SectionSnapshot<ItemIdentifierType> {
    let index = try _index(of: section)
    if let outline = _outlines[section] { return outline }
    var flat = SectionSnapshot<ItemIdentifierType>()
    flat._roots = _sections[index].items
    flat._members = Set(flat._roots)
    return flat
  }

  /// Whether `section` shows an outline. - Complexity: O(1).
  public func hasSectionSnapshot(for section: SectionIdentifierType) -> Bool {
    _outlines[section] != nil
  }
}
