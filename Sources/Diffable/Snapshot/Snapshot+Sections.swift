// MARK: - Editing sections

extension Snapshot {
  /// Appends empty sections at the end.
  ///
  /// - Parameter sections: New section identifiers.
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` if one is already present or repeated.
  /// - Complexity: O(k) for k new sections.
  public mutating func appendSections(
    _ sections: [SectionIdentifierType]
  ) throws(SnapshotError) {
    try _insertSections(sections, at: _sections.count)
  }

  /// Inserts empty sections before `section`.
  ///
  /// - Throws: ``SnapshotError/duplicateSection(_:)``, ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(n) for n items after the insertion point.
  public mutating func insertSections(
    _ sections: [SectionIdentifierType],
    beforeSection section: SectionIdentifierType
  ) throws(SnapshotError) {
    try _insertSections(sections, at: try _index(of: section))
  }

  /// Inserts empty sections after `section`.
  ///
  /// - Throws: ``SnapshotError/duplicateSection(_:)``, ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(n) for n items after the insertion point.
  public mutating func insertSections(
    _ sections: [SectionIdentifierType],
    afterSection section: SectionIdentifierType
  ) throws(SnapshotError) {
    try _insertSections(sections, at: try _index(of: section) + 1)
  }

  /// Deletes sections with their items (and outlines).
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; nothing is deleted then.
  /// - Complexity: O(n) for n items.
  public mutating func deleteSections(_ sections: [SectionIdentifierType]) throws(SnapshotError) {
    var doomed = Set<Int>()
    for section in sections { doomed.insert(try _index(of: section)) }
    guard let first = doomed.min() else { return }
    for index in doomed {
      let section = _sections[index]
      for item in section.items { _itemPath[item] = nil }
      _itemCount -= section.items.count
      _sectionIndex[section.identifier] = nil
      _reloadedSections.remove(section.identifier)
      if let outline = _outlines.removeValue(forKey: section.identifier) {
        for item in outline.items { _outlineItems[item] = nil }
      }
    }
    _sections = _sections.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
    _reindex(fromSection: first)
  }

  /// Moves `section` (with its items) before `other`.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; ``SnapshotError/invalidMove(_:)`` when
  ///   `section` equals `other`.
  /// - Complexity: O(n) for n items in the sections between the two positions.
  public mutating func moveSection(
    _ section: SectionIdentifierType,
    beforeSection other: SectionIdentifierType
  ) throws(SnapshotError) {
    try _moveSection(section, relativeTo: other, after: false)
  }

  /// Moves `section` (with its items) after `other`.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; ``SnapshotError/invalidMove(_:)`` when
  ///   `section` equals `other`.
  /// - Complexity: O(n) for n items in the sections between the two positions.
  public mutating func moveSection(
    _ section: SectionIdentifierType,
    afterSection other: SectionIdentifierType
  ) throws(SnapshotError) {
    try _moveSection(section, relativeTo: other, after: true)
  }

  /// Marks sections for reload: a diff against this snapshot reports them as updated.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; nothing is marked then.
  /// - Complexity: O(k) for k sections.
  public mutating func reloadSections(_ sections: [SectionIdentifierType]) throws(SnapshotError) {
    for section in sections { _ = try _index(of: section) }
    _reloadedSections.formUnion(sections)
  }

  // MARK: - Helpers

  private mutating func _insertSections(
    _ sections: [SectionIdentifierType], at position: Int
  ) throws(SnapshotError) {
    var seen = Set<SectionIdentifierType>()
    for section in sections {
      guard _sectionIndex[section] == nil, seen.insert(section).inserted else {
        throw .duplicateSection(_name(section))
      }
    }
    _sections.insert(contentsOf: sections.map { Section($0) }, at: position)
    _reindex(fromSection: position)
  }

  private mutating func _moveSection(
    _ section: SectionIdentifierType, relativeTo other: SectionIdentifierType, after: Bool
  ) throws(SnapshotError) {
    let from = try _index(of: section)
    let anchor = try _index(of: other)
    guard from != anchor else { throw .invalidMove(_name(section)) }
    let moving = _sections.remove(at: from)
    let anchorNow = anchor > from ? anchor - 1 : anchor
    _sections.insert(moving, at: after ? anchorNow + 1 : anchorNow)
    _reindex(fromSection: min(from, anchorNow))
  }
}
