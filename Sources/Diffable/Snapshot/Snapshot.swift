/// What a list shows: ordered sections, each with ordered item identifiers, like UIKit's
/// `NSDiffableDataSourceSnapshot`.
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// try snapshot.appendSections(["undone", "done"])
/// try snapshot.appendItems([1, 2], toSection: "undone")
/// try snapshot.appendItems([3], toSection: "done")
/// snapshot.indexPath(of: 3)   // [1, 0]
/// ```
///
/// Identifiers are unique across the whole snapshot: adding a duplicate section or item, or
/// naming an unknown one, throws a ``SnapshotError`` that names it, and leaves the snapshot
/// unchanged. Queries are O(1); mutations cost at most O(n) for n items.
///
/// A section can show an outline (``SectionSnapshot``); the section's items are then the
/// outline's visible items. Compare two snapshots with
/// ``StagedChangeset/init(source:target:isItemContentEqual:)``.
public struct Snapshot<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// A section of this snapshot.
  public typealias Section = SnapshotSection<SectionIdentifierType, ItemIdentifierType>

  @usableFromInline var _sections: [Section] = []
  @usableFromInline var _sectionIndex: [SectionIdentifierType: Int] = [:]
  @usableFromInline var _itemPath: [ItemIdentifierType: ElementPath] = [:]
  @usableFromInline var _itemCount = 0
  @usableFromInline var _reloadedSections: Set<SectionIdentifierType> = []
  @usableFromInline var _reloadedItems: Set<ItemIdentifierType> = []
  @usableFromInline var _reconfiguredItems: Set<ItemIdentifierType> = []
  @usableFromInline var _outlines: [SectionIdentifierType: SectionSnapshot<ItemIdentifierType>] =
    [:]
  /// Every item of every outline, visible or not, with its section.
  @usableFromInline var _outlineItems: [ItemIdentifierType: SectionIdentifierType] = [:]

  /// Creates an empty snapshot.
  public init() {}

  // MARK: - Queries

  /// The number of sections. - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { _sections.count }

  /// The number of items in all sections. - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _itemCount }

  /// The section identifiers, in order. - Complexity: O(s) for s sections.
  public var sectionIdentifiers: [SectionIdentifierType] { _sections.map(\.identifier) }

  /// The sections with their items, in order: the data a diff works on.
  /// - Complexity: O(1).
  @inlinable
  public var sections: [Section] { _sections }

  /// Every item identifier, section after section.
  /// - Complexity: O(n) for n items (the items are stored per section).
  public var itemIdentifiers: [ItemIdentifierType] { _sections.flatMap(\.items) }

  /// The items of `section`.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(1).
  public func itemIdentifiers(
    inSection section: SectionIdentifierType
  ) throws(SnapshotError) -> [ItemIdentifierType] {
    _sections[try _index(of: section)].items
  }

  /// The number of items in `section`.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(1).
  public func numberOfItems(
    inSection section: SectionIdentifierType
  ) throws(SnapshotError) -> Int {
    _sections[try _index(of: section)].items.count
  }

  /// The section that shows `item`, or `nil`. - Complexity: O(1).
  @inlinable
  public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
    _itemPath[item].map { _sections[$0.section].identifier }
  }

  /// The index of `section`, or `nil`. - Complexity: O(1).
  @inlinable
  public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    _sectionIndex[section]
  }

  /// The position of `item` among all items (as in ``itemIdentifiers``), or `nil`.
  /// - Complexity: O(s) for s sections.
  public func indexOfItem(_ item: ItemIdentifierType) -> Int? {
    guard let path = _itemPath[item] else { return nil }
    return _sections[..<path.section].reduce(path.element) { $0 + $1.items.count }
  }

  /// The section and index of `item` in its section, or `nil`. - Complexity: O(1).
  @inlinable
  public func indexPath(of item: ItemIdentifierType) -> ElementPath? {
    _itemPath[item]
  }

  /// Whether the snapshot contains `section`. - Complexity: O(1).
  @inlinable
  public func contains(section: SectionIdentifierType) -> Bool {
    _sectionIndex[section] != nil
  }

  /// Whether a section shows `item`. - Complexity: O(1).
  @inlinable
  public func contains(item: ItemIdentifierType) -> Bool {
    _itemPath[item] != nil
  }

  /// The sections marked for reload. - Complexity: O(1).
  public var reloadedSectionIdentifiers: Set<SectionIdentifierType> { _reloadedSections }

  /// The items marked for reload. - Complexity: O(1).
  public var reloadedItemIdentifiers: Set<ItemIdentifierType> { _reloadedItems }

  /// The items marked for reconfiguration. - Complexity: O(1).
  public var reconfiguredItemIdentifiers: Set<ItemIdentifierType> { _reconfiguredItems }

  // MARK: - Internal helpers

  @inlinable
  func _index(of section: SectionIdentifierType) throws(SnapshotError) -> Int {
    guard let index = _sectionIndex[section] else { throw .sectionNotFound(_name(section)) }
    return index
  }

  @inlinable
  func _path(of item: ItemIdentifierType) throws(SnapshotError) -> ElementPath {
    guard let path = _itemPath[item] else { throw .itemNotFound(_name(item)) }
    return path
  }

  /// Recomputes the section and item indices of sections `from...`.
  @usableFromInline
  mutating func _reindex(fromSection start: Int) {
    for section in start..<_sections.count {
      _sectionIndex[_sections[section].identifier] = section
      for (element, item) in _sections[section].items.enumerated() {
        _itemPath[item] = ElementPath(element: element, section: section)
      }
    }
  }

  /// Recomputes the item indices of one section for the elements `start..<end` (by default
  /// from `start` to the end of the section).
  ///
  /// - Complexity: O(end - start).
  @inlinable
  mutating func _reindexItems(inSection section: Int, from start: Int = 0, to end: Int? = nil) {
    let items = _sections[section].items
    let end = end ?? items.count
    guard start < end else { return }
    for index in start..<end {
      _itemPath[items[index]] = ElementPath(element: index, section: section)
    }
  }

  /// Throws if `items` repeats an identifier or names one the snapshot or an outline holds.
  @inlinable
  func _checkNew(_ items: [ItemIdentifierType]) throws(SnapshotError) {
    if items.count == 1 {
      let item = items[0]
      guard _itemPath[item] == nil, _outlineItems[item] == nil else {
        throw .duplicateItem(_name(item))
      }
      return
    }
    var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
    for item in items {
      guard _itemPath[item] == nil, _outlineItems[item] == nil, seen.insert(item).inserted
      else { throw .duplicateItem(_name(item)) }
    }
  }

  /// Verifies the indices against the sections; for tests.
  func _checkInvariants() -> Bool {
    var count = 0
    for (index, section) in _sections.enumerated() {
      guard _sectionIndex[section.identifier] == index else { return false }
      for (element, item) in section.items.enumerated() {
        guard _itemPath[item] == ElementPath(element: element, section: index) else {
          return false
        }
        count += 1
      }
    }
    return count == _itemCount && _itemPath.count == count
      && _sectionIndex.count == _sections.count
  }
}

extension Snapshot: Equatable {
  /// Equal sections, items, reload marks and outlines.
  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs._sections == rhs._sections && lhs._reloadedSections == rhs._reloadedSections
      && lhs._reloadedItems == rhs._reloadedItems
      && lhs._reconfiguredItems == rhs._reconfiguredItems && lhs._outlines == rhs._outlines
  }
}

extension Snapshot: CustomStringConvertible {
  /// The sections and their items.
  public var description: String {
    "Snapshot(" + _sections.map { "\($0.identifier): \($0.items)" }.joined(separator: ", ") + ")"
  }
}
