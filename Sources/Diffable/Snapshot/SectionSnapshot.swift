/// An outline of items for one section, like UIKit's `NSDiffableDataSourceSectionSnapshot`:
/// root items with children that expand and collapse.
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// try outline.append(["Undone", "Done"])
/// try outline.append(["buy milk"], to: "Undone")
/// try outline.append(["pay rent"], to: "Done")
/// try outline.expand(["Undone"])
/// outline.visibleItems  // ["Undone", "buy milk", "Done"]
/// ```
///
/// Items start collapsed. Identifiers are unique in the outline; a duplicate or unknown
/// identifier throws a ``SnapshotError`` naming it and changes nothing. Put an outline in a
/// section with ``Snapshot/setSectionSnapshot(_:for:)``: the section then shows
/// ``visibleItems``.
public struct SectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable, Equatable {
  @usableFromInline var _roots: [ItemIdentifierType] = []
  @usableFromInline var _children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
  @usableFromInline var _parent: [ItemIdentifierType: ItemIdentifierType] = [:]
  @usableFromInline var _members: Set<ItemIdentifierType> = []
  @usableFromInline var _expanded: Set<ItemIdentifierType> = []

  /// Creates an empty outline.
  public init() {}

  // MARK: - Queries

  /// The top-level items, in order. - Complexity: O(1).
  public var rootItems: [ItemIdentifierType] { _roots }

  /// Every item, depth first (each parent before its children). - Complexity: O(n).
  public var items: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(_members.count)
    _walk(_roots, onlyVisible: false) { result.append($0) }
    return result
  }

  /// The items a list shows: depth first, skipping the descendants of collapsed items.
  /// - Complexity: O(v) for v visible items.
  public var visibleItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    _walk(_roots, onlyVisible: true) { result.append($0) }
    return result
  }

  /// Whether the outline contains `item`. - Complexity: O(1).
  public func contains(_ item: ItemIdentifierType) -> Bool { _members.contains(item) }

  /// Whether `item` is expanded. - Complexity: O(1).
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { _expanded.contains(item) }

  /// Whether `item` is shown: every ancestor is expanded. - Complexity: O(d) for depth d.
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard _members.contains(item) else { return false }
    var current = item
    while let parent = _parent[current] {
      guard _expanded.contains(parent) else { return false }
      current = parent
    }
    return true
  }

  /// The parent of `item`, or `nil` for a root item.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(1).
  public func parent(of item: ItemIdentifierType) throws(SnapshotError) -> ItemIdentifierType? {
    try _check(item)
    return _parent[item]
  }

  /// The children of `item`, in order.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(1).
  public func children(of item: ItemIdentifierType) throws(SnapshotError) -> [ItemIdentifierType] {
    try _check(item)
    return _children[item] ?? []
  }

  /// The depth of `item`: 0 for a root item, 1 for its children, and so on.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(d) for depth d.
  public func level(of item: ItemIdentifierType) throws(SnapshotError) -> Int {
    try _check(item)
    var level = 0
    var current = item
    while let parent = _parent[current] {
      level += 1
      current = parent
    }
    return level
  }

  /// The position of `item` in ``items``, or `nil`. - Complexity: O(n).
  public func index(of item: ItemIdentifierType) -> Int? {
    guard _members.contains(item) else { return nil }
    return items.firstIndex(of: item)
  }

  /// The subtree under `parent` as an outline of its own, with the same expansion states.
  ///
  /// - Parameters:
  ///   - parent: The item whose descendants to copy.
  ///   - includingParent: Whether `parent` is the new root (otherwise its children are).
  /// - Throws: ``SnapshotError/itemNotFound(_:)``.
  /// - Complexity: O(k) for k items in the subtree.
  public func snapshot(
    of parent: ItemIdentifierType, includingParent: Bool = false
  ) throws(SnapshotError) -> SectionSnapshot {
    try _check(parent)
    var result = SectionSnapshot()
    result._roots = includingParent ? [parent] : _children[parent] ?? []
    _walk(result._roots, onlyVisible: false) { item in
      result._members.insert(item)
      if let children = _children[item] { result._children[item] = children }
      if let itemParent = _parent[item], result._members.contains(itemParent) {
        result._parent[item] = itemParent
      }
      if _expanded.contains(item) { result._expanded.insert(item) }
    }
    return result
  }

  // MARK: - Helpers

  @usableFromInline
  func _check(_ item: ItemIdentifierType) throws(SnapshotError) {
    guard _members.contains(item) else { throw .itemNotFound(_name(item)) }
  }

  /// Visits `items` and their descendants depth first, iteratively.
  @usableFromInline
  func _walk(
    _ items: [ItemIdentifierType], onlyVisible: Bool, _ visit: (ItemIdentifierType) -> Void
  ) {
    var stack: [(items: [ItemIdentifierType], next: Int)] = [(items, 0)]
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].items.count else {
        stack.removeLast()
        continue
      }
      let item = stack[top].items[stack[top].next]
      stack[top].next += 1
      visit(item)
      if let children = _children[item], !children.isEmpty,
        !onlyVisible || _expanded.contains(item)
      {
        stack.append((children, 0))
      }
    }
  }

  /// Verifies the parent and child links against each other; for tests.
  func _checkInvariants() -> Bool {
    var seen = 0
    var consistent = true
    _walk(_roots, onlyVisible: false) { item in
      seen += 1
      for child in _children[item] ?? [] where _parent[child] != item { consistent = false }
    }
    return consistent && seen == _members.count && _roots.allSatisfy { _parent[$0] == nil }
  }
}
