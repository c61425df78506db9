// MARK: - Sectioned diff

/// Flat numbering of the elements of sectioned data: element `e` of section `s` has flat
/// index `offsets[s] + e`, and `sectionOf` maps a flat index back to its section.
@usableFromInline
struct _FlatLayout {
  @usableFromInline var offsets: [Int]
  @usableFromInline var sectionOf: [Int]

  @inlinable
  init<Section: DiffableSection>(_ sections: [Section]) {
    offsets = [Int]()
    offsets.reserveCapacity(sections.count + 1)
    var total = 0
    for section in sections {
      offsets.append(total)
      total += section.elements.count
    }
    offsets.append(total)
    sectionOf = [Int](repeating: 0, count: total)
    for section in sections.indices {
      for flat in offsets[section]..<offsets[section + 1] { sectionOf[flat] = section }
    }
  }

  @inlinable var count: Int { sectionOf.count }

  @inlinable
  func path(_ flat: Int) -> ElementPath {
    let section = sectionOf[flat]
    return ElementPath(element: flat - offsets[section], section: section)
  }
}

/// Computes the five stages of a sectioned diff.
///
/// 1. Element updates (source paths). 2. Section deletes and element deletes. 3. Section
/// inserts and moves. 4. Element inserts and moves, across sections. 5. Section updates.
/// Elements are matched only between sections that exist in both source and target:
/// the elements of a deleted section go with it, those of an inserted section come with it.
///
/// - Complexity: O(n + m) expected time plus O(n log n) for the longest increasing
///   subsequences, where n and m count sections and elements.
@inlinable
func _sectionedDiff<Section: DiffableSection, SectionID: Hashable, ElementID: Hashable>(
  source: [Section],
  target: [Section],
  sectionIdentifier: (Section) -> SectionID,
  isSectionContentEqual: (Section, Section) -> Bool,
  elementIdentifier: (Section.Element) -> ElementID,
  isElementContentEqual: (Section.Element, Section.Element) -> Bool
) -> (stages: [Changeset<[Section]>], elementMoves: Int) {
  let sections = _matchIdentifiers(
    sourceCount: source.count, targetCount: target.count,
    sourceIdentifier: { sectionIdentifier(source[$0]) },
    targetIdentifier: { sectionIdentifier(target[$0]) })
  let sourceLayout = _FlatLayout(source)
  let targetLayout = _FlatLayout(target)
  // One contiguous copy of each side's elements keeps the hot loops on flat arrays.
  let sourceElements = source.flatMap(\.elements)
  let targetElements = target.flatMap(\.elements)
  let elements = _matchIdentifiers(
    sourceCount: sourceLayout.count, targetCount: targetLayout.count,
    sourceIdentifier: { elementIdentifier(sourceElements[$0]) },
    targetIdentifier: { elementIdentifier(targetElements[$0]) },
    sourceIncluded: { sections.sourceToTarget[sourceLayout.sectionOf[$0]] >= 0 },
    targetIncluded: { sections.targetToSource[targetLayout.sectionOf[$0]] >= 0 })
  var stages: [Changeset<[Section]>] = []

  // MARK: Stage 1: element updates
  var afterUpdates = source
  var elementUpdated: [ElementPath] = []
  for flat in 0..<sourceLayout.count where elements.sourceToTarget[flat] >= 0 {
    let new = targetElements[elements.sourceToTarget[flat]]
    if !isElementContentEqual(sourceElements[flat], new) {
      let path = sourceLayout.path(flat)
      elementUpdated.append(path)
      afterUpdates[path.section].elements[path.element] = new
    }
  }
  if !elementUpdated.isEmpty {
    stages.append(.init(unsortedData: afterUpdates, elementUpdated: elementUpdated))
  }

  // MARK: Stage 2: section and element deletes
  var sectionDeleted: [Int] = []
  var elementDeleted: [ElementPath] = []
  var afterDeletes: [Section] = []
  afterDeletes.reserveCapacity(source.count)
  // positionAfterDeletes[flat]: the element's index in its section after the deletes.
  var positionAfterDeletes = [Int](repeating: -1, count: sourceLayout.count)
  var sectionAfterDeletes = [Int](repeating: -1, count: source.count)
  for s in source.indices {
    guard sections.sourceToTarget[s] >= 0 else {
      sectionDeleted.append(s)
      continue
    }
    sectionAfterDeletes[s] = afterDeletes.count
    var section = afterUpdates[s]
    var kept: [Section.Element] = []
    kept.reserveCapacity(section.elements.count)
    for flat in sourceLayout.offsets[s]..<sourceLayout.offsets[s + 1] {
      if elements.sourceToTarget[flat] >= 0 {
        positionAfterDeletes[flat] = kept.count
        kept.append(section.elements[flat - sourceLayout.offsets[s]])
      } else {
        elementDeleted.append(ElementPath(element: flat - sourceLayout.offsets[s], section: s))
      }
    }
    if kept.count != section.elements.count { section.elements = kept }
    afterDeletes.append(section)
  }
  if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
    stages.append(
      .init(
        unsortedData: afterDeletes, sectionDeleted: sectionDeleted,
        elementDeleted: elementDeleted))
  }

  // MARK: Stage 3: section inserts and moves
  var sectionTargets: [Int] = []
  sectionTargets.reserveCapacity(afterDeletes.count)
  for s in source.indices where sections.sourceToTarget[s] >= 0 {
    sectionTargets.append(sections.sourceToTarget[s])
  }
  var sectionStays: [Bool] = []
  _ = _markLongestIncreasingSubsequence(sectionTargets, keep: &sectionStays)
  var sectionInserted: [Int] = []
  var sectionMoved: [SectionMove] = []
  var afterSectionMoves: [Section] = []
  afterSectionMoves.reserveCapacity(target.count)
  for t in target.indices {
    let s = sections.targetToSource[t]
    if s < 0 {
      sectionInserted.append(t)
      afterSectionMoves.append(target[t])
    } else {
      let position = sectionAfterDeletes[s]
      if !sectionStays[position] {
        sectionMoved.append(SectionMove(source: position, target: t))
      }
      afterSectionMoves.append(afterDeletes[position])
    }
  }
  if !sectionInserted.isEmpty || !sectionMoved.isEmpty {
    stages.append(
      .init(
        unsortedData: afterSectionMoves, sectionInserted: sectionInserted,
        sectionMoved: sectionMoved))
  }

  // MARK: Stage 4: element inserts and moves
  // Surviving elements in stage-3 order; an element that changes section must move
  // (-1 keeps it out of the increasing subsequence).
  var elementTargets: [Int] = []
  var elementTargetFlat: [Int] = []
  var elementSources: [ElementPath] = []
  elementTargets.reserveCapacity(targetLayout.count)
  elementTargetFlat.reserveCapacity(targetLayout.count)
  elementSources.reserveCapacity(targetLayout.count)
  for t in target.indices {
    let s = sections.targetToSource[t]
    guard s >= 0 else { continue }
    for flat in sourceLayout.offsets[s]..<sourceLayout.offsets[s + 1] {
      let targetFlat = elements.sourceToTarget[flat]
      guard targetFlat >= 0 else { continue }
      elementTargets.append(targetLayout.sectionOf[targetFlat] == t ? targetFlat : -1)
      elementTargetFlat.append(targetFlat)
      elementSources.append(ElementPath(element: positionAfterDeletes[flat], section: t))
    }
  }
  var elementStays: [Bool] = []
  _ = _markLongestIncreasingSubsequence(elementTargets, keep: &elementStays)
  var movedFromElement = [Int](repeating: -1, count: targetLayout.count)
  var movedFromSection = [Int](repeating: -1, count: targetLayout.count)
  for position in elementSources.indices where !elementStays[position] {
    let targetFlat = elementTargetFlat[position]
    movedFromElement[targetFlat] = elementSources[position].element
    movedFromSection[targetFlat] = elementSources[position].section
  }
  var elementInserted: [ElementPath] = []
  var elementMoved: [ElementMove] = []
  for t in target.indices where sections.targetToSource[t] >= 0 {
    let offset = targetLayout.offsets[t]
    for targetFlat in offset..<targetLayout.offsets[t + 1] {
      let path = ElementPath(element: targetFlat - offset, section: t)
      if elements.targetToSource[targetFlat] < 0 {
        elementInserted.append(path)
      } else if movedFromElement[targetFlat] >= 0 {
        let from = ElementPath(
          element: movedFromElement[targetFlat], section: movedFromSection[targetFlat])
        elementMoved.append(ElementMove(source: from, target: path))
      }
    }
  }
  if !elementInserted.isEmpty || !elementMoved.isEmpty {
    var afterElementMoves = afterSectionMoves
    for t in target.indices where sections.targetToSource[t] >= 0 {
      afterElementMoves[t].elements = target[t].elements
    }
    stages.append(
      .init(
        unsortedData: afterElementMoves, elementInserted: elementInserted,
        elementMoved: elementMoved))
  }

  // MARK: Stage 5: section updates
  var sectionUpdated: [Int] = []
  for t in target.indices {
    let s = sections.targetToSource[t]
    if s >= 0 && !isSectionContentEqual(source[s], target[t]) { sectionUpdated.append(t) }
  }
  if !sectionUpdated.isEmpty {
    stages.append(.init(unsortedData: target, sectionUpdated: sectionUpdated))
  } else if !stages.isEmpty {
    // Matched models are content-equal: the last stage shows the target's own values.
    stages[stages.count - 1] = stages[stages.count - 1]._replacingData(with: target)
  }
  return (stages, elementMoved.count)
}
