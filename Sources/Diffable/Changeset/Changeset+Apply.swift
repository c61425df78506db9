// MARK: - Applying a changeset

extension Changeset {
  /// Applies this stage's index operations to `sections`, the data before the stage, with
  /// UIKit batch-update semantics, and returns the data after it.
  ///
  /// Deletes, reloads and move sources index `sections`; inserts and move targets index the
  /// result. Inserted and reloaded values are read from ``data`` (as a list view reads its
  /// data source); every other value is carried over from `sections`, so the result equals
  /// ``data`` only when the stage really turns `sections` into it.
  ///
  /// - Parameter sections: The data before the stage.
  /// - Returns: The data after the stage.
  /// - Throws: ``ChangesetError`` when an index is out of range or used twice, or an element
  ///   change names a section that the stage itself deletes, moves, reloads or inserts.
  /// - Complexity: O(n + k) expected time for n elements and k changes.
  public func apply<Section: DiffableSection>(
    to sections: [Section]
  ) throws(ChangesetError) -> [Section] where Data == [Section] {
    try _apply(old: sections, data: data, changes: self)
  }
}

extension Changeset {
  /// Applies this stage's index operations to `elements`, a flat array before the stage, and
  /// returns the array after it (see `apply(to:)` for sections); every path must be in section 0.
  ///
  /// ```swift
  /// var items = [0, 1, 2]
  /// for stage in StagedChangeset(source: items, target: [1, 2, 0]) {
  ///   items = try stage.apply(to: items)
  /// }
  /// ```
  ///
  /// - Parameter elements: The array before the stage.
  /// - Returns: The array after the stage.
  /// - Throws: ``ChangesetError`` when an index is out of range or used twice.
  /// - Complexity: O(n + k) expected time for n elements and k changes.
  public func apply<Element>(
    to elements: [Element]
  ) throws(ChangesetError) -> [Element] where Data == [Element] {
    let result = try _apply(
      old: [_FlatSection(elements: elements)], data: [_FlatSection(elements: data)],
      changes: self)
    return result[0].elements
  }
}

extension StagedChangeset {
  /// Applies every stage in order to `sections` and returns the final data.
  ///
  /// - Throws: ``ChangesetError`` from the first stage that cannot be applied.
  /// - Complexity: O(s · (n + k)) for s stages.
  public func apply<Section: DiffableSection>(
    to sections: [Section]
  ) throws(ChangesetError) -> [Section] where Data == [Section] {
    var current = sections
    for stage in self { current = try stage.apply(to: current) }
    return current
  }

  /// Applies every stage in order to the flat array `elements` and returns the final array.
  ///
  /// - Throws: ``ChangesetError`` from the first stage that cannot be applied.
  /// - Complexity: O(s · (n + k)) for s stages.
  public func apply<Element>(
    to elements: [Element]
  ) throws(ChangesetError) -> [Element] where Data == [Element] {
    var current = elements
    for stage in self { current = try stage.apply(to: current) }
    return current
  }
}

// MARK: - Batch update engine

/// A flat array seen as one section.
private struct _FlatSection<Element>: DiffableSection {
  var elements: [Element]
}

/// Checks that every index in `indices` is in `0..<count` and used once in `used`.
private func claim(_ index: Int, count: Int, in used: inout Set<Int>) throws(ChangesetError) {
  guard index >= 0, index < count else { throw .sectionIndexOutOfRange(index) }
  guard used.insert(index).inserted else { throw .sectionIndexReused(index) }
}

private func claim(
  _ path: ElementPath, counts: (Int) -> Int?, in used: inout Set<ElementPath>
) throws(ChangesetError) {
  guard let count = counts(path.section) else { throw .elementInChangedSection(path) }
  guard path.element >= 0, path.element < count else { throw .elementPathOutOfRange(path) }
  guard used.insert(path).inserted else { throw .elementPathReused(path) }
}

/// Places `count` slots: the claimed ones from `fixed`, the rest from `remaining` in order.
private func place<T>(count: Int, fixed: [Int: T], remaining: [T]) -> [T] {
  var result: [T] = []
  result.reserveCapacity(count)
  var next = remaining.makeIterator()
  for slot in 0..<count {
    if let value = fixed[slot] {
      result.append(value)
    } else if let value = next.next() {
      result.append(value)
    }
  }
  return result
}

// A slot of a new section: where its section comes from.
private enum SectionOrigin {
  case old(Int)
  case inserted
}

// A slot of a new element: where its value comes from.
private enum ElementOrigin {
  case old(ElementPath)
  case inserted
}

private func _apply<Section: DiffableSection, Data>(
  old: [Section], data: [Section], changes: Changeset<Data>
) throws(ChangesetError) -> [Section] {
  // MARK: Sections
  let oldCount = old.count
  var removed = Set<Int>()
  for index in changes.sectionDeleted { try claim(index, count: oldCount, in: &removed) }
  for move in changes.sectionMoved { try claim(move.source, count: oldCount, in: &removed) }
  var reloaded = Set<Int>()
  for index in changes.sectionUpdated {
    try claim(index, count: oldCount, in: &reloaded)
    if removed.contains(index) { throw .sectionIndexReused(index) }
  }
  let newCount = oldCount - changes.sectionDeleted.count + changes.sectionInserted.count
  var added = Set<Int>()
  var fixedSections: [Int: SectionOrigin] = [:]
  for index in changes.sectionInserted {
    try claim(index, count: newCount, in: &added)
    fixedSections[index] = .inserted
  }
  for move in changes.sectionMoved {
    try claim(move.target, count: newCount, in: &added)
    fixedSections[move.target] = .old(move.source)
  }
  let staying = (0..<oldCount).filter { !removed.contains($0) }.map { SectionOrigin.old($0) }
  let sectionOrigins = place(count: newCount, fixed: fixedSections, remaining: staying)
  var newIndexOfOld = [Int](repeating: -1, count: oldCount)
  for (index, origin) in sectionOrigins.enumerated() {
    if case .old(let source) = origin { newIndexOfOld[source] = index }
  }

  // MARK: Elements before the stage
  // Element changes may only name sections that stay where they are or are plain moved.
  let oldCounts: (Int) -> Int? = { section in
    guard section >= 0, section < oldCount, !changes.sectionDeleted.contains(section),
      !reloaded.contains(section)
    else { return nil }
    return old[section].elements.count
  }
  var removedElements = Set<ElementPath>()
  for path in changes.elementDeleted {
    try claim(path, counts: oldCounts, in: &removedElements)
  }
  for move in changes.elementMoved {
    try claim(move.source, counts: oldCounts, in: &removedElements)
  }
  var reloadedElements = Set<ElementPath>()
  for path in changes.elementUpdated {
    try claim(path, counts: oldCounts, in: &reloadedElements)
    if removedElements.contains(path) { throw .elementPathReused(path) }
  }

  // MARK: Elements after the stage
  var addedBySection: [Int: Int] = [:]
  for path in changes.elementInserted { addedBySection[path.section, default: 0] += 1 }
  for move in changes.elementMoved { addedBySection[move.target.section, default: 0] += 1 }
  var removedBySection: [Int: Int] = [:]
  for path in removedElements { removedBySection[path.section, default: 0] += 1 }
  let newCounts: (Int) -> Int? = { section in
    guard section >= 0, section < newCount, case .old(let source) = sectionOrigins[section]
    else { return nil }
    return old[source].elements.count - removedBySection[source, default: 0]
      + addedBySection[section, default: 0]
  }
  var addedElements = Set<ElementPath>()
  var fixedElements: [Int: [Int: ElementOrigin]] = [:]
  for path in changes.elementInserted {
    try claim(path, counts: newCounts, in: &addedElements)
    fixedElements[path.section, default: [:]][path.element] = .inserted
  }
  for move in changes.elementMoved {
    try claim(move.target, counts: newCounts, in: &addedElements)
    fixedElements[move.target.section, default: [:]][move.target.element] = .old(move.source)
  }

  // MARK: Building the data after the stage
  func dataSection(_ index: Int) throws(ChangesetError) -> Section {
    guard index < data.count else { throw .sectionIndexOutOfRange(index) }
    return data[index]
  }
  func dataElement(_ path: ElementPath) throws(ChangesetError) -> Section.Element {
    let section = try dataSection(path.section)
    guard path.element < section.elements.count else { throw .elementPathOutOfRange(path) }
    return section.elements[path.element]
  }
  var result: [Section] = []
  result.reserveCapacity(newCount)
  for (index, origin) in sectionOrigins.enumerated() {
    guard case .old(let source) = origin else {
      result.append(try dataSection(index))
      continue
    }
    if reloaded.contains(source) {
      result.append(try dataSection(index))
      continue
    }
    var section = old[source]
    let staying = section.elements.indices.compactMap { element -> ElementOrigin? in
      let path = ElementPath(element: element, section: source)
      return removedElements.contains(path) ? nil : .old(path)
    }
    let count = newCounts(index) ?? 0
    let origins = place(count: count, fixed: fixedElements[index] ?? [:], remaining: staying)
    var elements: [Section.Element] = []
    elements.reserveCapacity(count)
    for (element, origin) in origins.enumerated() {
      let path = ElementPath(element: element, section: index)
      switch origin {
      case .inserted:
        elements.append(try dataElement(path))
      case .old(let from) where reloadedElements.contains(from):
        elements.append(try dataElement(path))
      case .old(let from):
        elements.append(old[from.section].elements[from.element])
      }
    }
    section.elements = elements
    result.append(section)
  }
  return result
}
