// MARK: - Editing an outline

extension SectionSnapshot {
  /// Appends items as the last children of `parent`, or as root items when `parent` is `nil`.
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/itemNotFound(_:)`` for an
  ///   unknown parent.
  /// - Complexity: O(k) for k new items, plus O(c) for c existing siblings.
  public mutating func append(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) throws(SnapshotError) {
    if let parent { try _check(parent) }
    try _checkNew(items)
    _add(items, parent: parent) { $0.append(contentsOf: $1) }
  }

  /// Inserts items as siblings just before `item`.
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(k + c) for k new items and c siblings.
  public mutating func insert(
    _ items: [ItemIdentifierType], before item: ItemIdentifierType
  ) throws(SnapshotError) {
    try _insert(items, next: item, after: false)
  }

  /// Inserts items as siblings just after `item`.
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)``, ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(k + c) for k new items and c siblings.
  public mutating func insert(
    _ items: [ItemIdentifierType], after item: ItemIdentifierType
  ) throws(SnapshotError) {
    try _insert(items, next: item, after: true)
  }

  /// Deletes items with all their descendants.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing is deleted then.
  /// - Complexity: O(n).
  public mutating func delete(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items { try _check(item) }
    _delete(items)
  }

  /// Deletes every item.
  /// - Complexity: O(1).
  public mutating func deleteAll() {
    self = SectionSnapshot()
  }

  /// Expands items: their children become visible when the items themselves are.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing changes then.
  /// - Complexity: O(k) for k items.
  public mutating func expand(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items { try _check(item) }
    _expanded.formUnion(items)
  }

  /// Collapses items: their descendants are hidden.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``; nothing changes then.
  /// - Complexity: O(k) for k items.
  public mutating func collapse(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    for item in items { try _check(item) }
    _expanded.subtract(items)
  }

  // MARK: - Helpers

  private func _checkNew(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    var seen = Set<ItemIdentifierType>()
    for item in items where _members.contains(item) || !seen.insert(item).inserted {
      throw .duplicateItem(_name(item))
    }
  }

  private mutating func _add(
    _ items: [ItemIdentifierType], parent: ItemIdentifierType?,
    _ edit: (inout [ItemIdentifierType], [ItemIdentifierType]) -> Void
  ) {
    _members.formUnion(items)
    if let parent {
      for item in items { _parent[item] = parent }
      edit(&_children[parent, default: []], items)
    } else {
      edit(&_roots, items)
    }
  }

  private mutating func _insert(
    _ items: [ItemIdentifierType], next item: ItemIdentifierType, after: Bool
  ) throws(SnapshotError) {
    try _check(item)
    try _checkNew(items)
    _add(items, parent: _parent[item]) { siblings, items in
      // `item` is a sibling by construction; the fallback only keeps this total.
      let index = siblings.firstIndex(of: item) ?? siblings.count - 1
      siblings.insert(contentsOf: items, at: after ? index + 1 : index)
    }
  }

  /// Deletes known items and their descendants.
  @usableFromInline
  mutating func _delete(_ items: [ItemIdentifierType]) {
    var doomed = Set<ItemIdentifierType>()
    _walk(items.filter(_members.contains), onlyVisible: false) { doomed.insert($0) }
    var parents = Set<ItemIdentifierType>()
    for item in doomed {
      if let parent = _parent[item], !doomed.contains(parent) { parents.insert(parent) }
    }
    for parent in parents {
      _children[parent]?.removeAll { doomed.contains($0) }
      if _children[parent]?.isEmpty == true { _children[parent] = nil }
    }
    _roots.removeAll { doomed.contains($0) }
    for item in doomed {
      _children[item] = nil
      _parent[item] = nil
      _expanded.remove(item)
    }
    _members.subtract(doomed)
  }
}
