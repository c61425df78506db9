// MARK: - Editing items

extension Snapshot {
  /// Appends items at the end of `section`, or of the last section when `section` is `nil`.
  ///
  /// - Parameters:
  ///   - items: New item identifiers.
  ///   - section: The section to append to; `nil` means the last section.
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/sectionNotFound(_:)``,
  ///   ``SnapshotError/noSection``, ``SnapshotError/sectionHasOutline(_:)``.
  /// - Complexity: O(k) for k new items.
  @inlinable
  public mutating func appendItems(
    _ items: [ItemIdentifierType],
    toSection section: SectionIdentifierType? = nil
  ) throws(SnapshotError) {
    let index: Int
    if let section {
      index = try _index(of: section)
    } else {
      guard !_sections.isEmpty else { throw .noSection }
      index = _sections.count - 1
    }
    try _insertItems(items, inSection: index, at: _sections[index].items.count)
  }

  /// Inserts items before `item`, in its section.
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/itemNotFound(_:)``,
  ///   ``SnapshotError/sectionHasOutline(_:)``.
  /// - Complexity: O(m) for m items after the insertion point in that section.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType],
    beforeItem item: ItemIdentifierType
  ) throws(SnapshotError) {
    let path = try _path(of: item)
    try _insertItems(items, inSection: path.section, at: path.element)
  }

  /// Inserts items after `item`, in its section.
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/itemNotFound(_:)``,
  ///   ``SnapshotError/sectionHasOutline(_:)``.
  /// - Complexity: O(m) for m items after the insertion point in that section.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType],
    afterItem item: ItemIdentifierType
  ) throws(SnapshotError) {
    let path = try _path(of: item)
    try _insertItems(items, inSection: path.section, at: path.element + 1)
  }

  /// Deletes items. An item of an outline is deleted from the outline with its descendants.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing is deleted then.
  /// - Complexity: O(k log k + m) for k deleted items and m items after the first deleted one
  ///   in their sections; O(n) for the n items of an affected outline.
  public mutating func deleteItems(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items where _itemPath[item] == nil && _outlineItems[item] == nil {
      throw .itemNotFound(_name(item))
    }
    // The positions to delete, per section; only the items after the first one are
    // re-indexed.
    var flat: [Int: [Int]] = [:]
    var outlined: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    for item in items {
      if let section = _outlineItems[item] {
        outlined[section, default: []].append(item)
      } else if let path = _itemPath.removeValue(forKey: item) {
        flat[path.section, default: []].append(path.element)
      }
    }
    for (section, positions) in flat {
      let sorted = positions.sorted()
      _sections[section].items._remove(atSortedPositions: sorted)
      _itemCount -= sorted.count
      _reindexItems(inSection: section, from: sorted[0])
    }
    for (section, doomed) in outlined {
      guard var outline = _outlines[section] else { continue }
      for item in outline.items { _outlineItems[item] = nil }
      outline._delete(doomed)
      for item in outline.items { _outlineItems[item] = section }
      _outlines[section] = outline
      _replaceItems(inSection: try _index(of: section), with: outline.visibleItems)
    }
    for item in items {
      _reloadedItems.remove(item)
      _reconfiguredItems.remove(item)
    }
  }

  /// Deletes every item and every section, as `NSDiffableDataSourceSnapshot` does.
  /// - Complexity: O(1) (the storage is released).
  public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves `item` before `other`, possibly into another section.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``, ``SnapshotError/invalidMove(_:)`` when both
  ///   are the same item, ``SnapshotError/sectionHasOutline(_:)``.
  /// - Complexity: O(d) for d items between the old and the new position (within one
  ///   section), or after them (across sections).
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType,
    beforeItem other: ItemIdentifierType
  ) throws(SnapshotError) {
    try _moveItem(item, relativeTo: other, after: false)
  }

  /// Moves `item` after `other`, possibly into another section.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``, ``SnapshotError/invalidMove(_:)`` when both
  ///   are the same item, ``SnapshotError/sectionHasOutline(_:)``.
  /// - Complexity: O(d) for d items between the old and the new position (within one
  ///   section), or after them (across sections).
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType,
    afterItem other: ItemIdentifierType
  ) throws(SnapshotError) {
    try _moveItem(item, relativeTo: other, after: true)
  }

  /// Marks items for reload: a diff against this snapshot reports them as updated.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing is marked then.
  /// - Complexity: O(k) for k items.
  public mutating func reloadItems(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items { _ = try _path(of: item) }
    _reloadedItems.formUnion(items)
  }

  /// Marks items for reconfiguration (a lighter reload that keeps the cell): a diff against
  /// this snapshot reports them as updated.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing is marked then.
  /// - Complexity: O(k) for k items.
  public mutating func reconfigureItems(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items { _ = try _path(of: item) }
    _reconfiguredItems.formUnion(items)
  }

  // MARK: - Helpers

  @usableFromInline
  func _checkFlat(_ section: Int) throws(SnapshotError) {
    let identifier = _sections[section].identifier
    if _outlines[identifier] != nil { throw .sectionHasOutline(_name(identifier)) }
  }

  @inlinable
  mutating func _insertItems(
    _ items: [ItemIdentifierType], inSection section: Int, at position: Int
  ) throws(SnapshotError) {
    try _checkFlat(section)
    try _checkNew(items)
    _sections[section].items.insert(contentsOf: items, at: position)
    _itemCount += items.count
    _reindexItems(inSection: section, from: position, to: _sections[section].items.count)
  }

  /// Replaces the items of one section, keeping every index in step.
  @usableFromInline
  mutating func _replaceItems(inSection section: Int, with items: [ItemIdentifierType]) {
    for item in _sections[section].items { _itemPath[item] = nil }
    _itemCount += items.count - _sections[section].items.count
    _sections[section].items = items
    _reindexItems(inSection: section)
  }

  @inlinable
  mutating func _moveItem(
    _ item: ItemIdentifierType, relativeTo other: ItemIdentifierType, after: Bool
  ) throws(SnapshotError) {
    let from = try _path(of: item)
    let anchor = try _path(of: other)
    guard item != other else { throw .invalidMove(_name(item)) }
    try _checkFlat(from.section)
    try _checkFlat(anchor.section)
    var position = after ? anchor.element + 1 : anchor.element
    if anchor.section == from.section {
      // Only the items between the old and the new position change index.
      if position > from.element { position -= 1 }
      guard position != from.element else { return }
      _sections[from.section].items._move(from: from.element, to: position)
      _reindexItems(
        inSection: from.section, from: min(from.element, position),
        to: max(from.element, position) + 1)
    } else {
      _sections[from.section].items.remove(at: from.element)
      _sections[anchor.section].items.insert(item, at: position)
      _reindexItems(
        inSection: from.section, from: from.element, to: _sections[from.section].items.count)
      _reindexItems(
        inSection: anchor.section, from: position, to: _sections[anchor.section].items.count)
    }
  }
}
