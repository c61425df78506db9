// MARK: - Flat diff

extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: Differentiable {
  /// Computes the staged changes from `source` to `target`, matching elements by
  /// ``Differentiable/differenceIdentifier`` and reporting updates with
  /// ``Differentiable/isContentEqual(to:)``.
  ///
  /// At most three stages: updates (source indices); deletes; inserts and moves. Moves are
  /// minimal: the elements kept in place form a longest increasing subsequence, so
  /// `[0, 1, 2] → [1, 2, 0]` is one move.
  ///
  /// ```swift
  /// let changes = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a", "d"])
  /// // stage 1: elementDeleted [0, 1]; stage 2: elementInserted [0, 2], elementMoved [0,1]->[0,0]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The collection before the change.
  ///   - target: The collection after the change.
  /// - Note: Duplicate identifiers never crash: the k-th occurrence of an identifier in the
  ///   source matches its k-th occurrence in the target, and extra occurrences are deleted or
  ///   inserted. Applying the changeset still yields the target exactly.
  /// - Complexity: O(n + m) expected time for matching (one hash table), plus O(n log n) for
  ///   the longest increasing subsequence that minimises moves.
  @inlinable
  public init(source: Data, target: Data) {
    self.init(
      source: source, target: target, identifier: { $0.differenceIdentifier },
      isContentEqual: { $1.isContentEqual(to: $0) })
  }
}

extension StagedChangeset where Data: RangeReplaceableCollection {
  /// Computes the staged changes from `source` to `target` with closures for identity and
  /// content, for elements that do not conform to ``Differentiable``.
  ///
  /// ```swift
  /// let changes = StagedChangeset(
  ///   source: oldTodos, target: newTodos,
  ///   identifier: \.id, isContentEqual: { $0.title == $1.title })
  /// ```
  ///
  /// - Parameters:
  ///   - source: The collection before the change.
  ///   - target: The collection after the change.
  ///   - identifier: The identity of an element; equal identifiers match.
  ///   - isContentEqual: Whether a source element (first argument) and its matched target
  ///     element (second) have equal content; `false` reports an update.
  /// - Note: Duplicate identifiers are handled as in ``init(source:target:)``.
  /// - Complexity: O(n + m) expected time plus O(n log n) for the minimal moves.
  @inlinable
  public init<ID: Hashable>(
    source: Data,
    target: Data,
    identifier: (Data.Element) -> ID,
    isContentEqual: (Data.Element, Data.Element) -> Bool
  ) {
    let (stages, _) = _flatDiff(
      source: Array(source), target: Array(target), identifier: identifier,
      isContentEqual: isContentEqual)
    var converted: [Changeset<Data>] = []
    converted.reserveCapacity(stages.count)
    for (index, stage) in stages.enumerated() {
      converted.append(
        Changeset(
          unsortedData: index == stages.count - 1 ? target : Data(stage.data),
          elementDeleted: stage.elementDeleted, elementInserted: stage.elementInserted,
          elementUpdated: stage.elementUpdated, elementMoved: stage.elementMoved))
    }
    self.stages = converted
  }
}

// MARK: - Sectioned diff

extension StagedChangeset {
  /// Computes the staged changes between two arrays of sections, matching sections by their
  /// model's identifier and elements by theirs, across sections.
  ///
  /// At most five stages: element updates; section and element deletes; section inserts and
  /// moves; element inserts and moves (possibly across sections); section updates.
  ///
  /// ```swift
  /// let source = [ArraySection(model: "fruit", elements: ["apple", "steak"])]
  /// let target = [
  ///   ArraySection(model: "fruit", elements: ["apple"]),
  ///   ArraySection(model: "meat", elements: ["steak"]),
  /// ]
  /// // stage 1: elementDeleted [[0, 1]]; stage 2: sectionInserted [1]
  /// // (steak leaves with a delete and arrives with its new section).
  /// ```
  ///
  /// - Parameters:
  ///   - source: The sections before the change.
  ///   - target: The sections after the change.
  /// - Note: Elements match only between sections present in both source and target: the
  ///   elements of a deleted section leave with it and those of an inserted section arrive
  ///   with it. Duplicate section or element identifiers never crash: the k-th occurrence
  ///   matches the k-th, extra occurrences are deleted or inserted.
  /// - Complexity: O(n + m) expected time plus O(n log n) for the minimal moves, where n and
  ///   m count sections and elements.
  @inlinable
  public init<Model, Element>(
    source: [ArraySection<Model, Element>],
    target: [ArraySection<Model, Element>]
  ) where Data == [ArraySection<Model, Element>] {
    self.init(
      source: source, target: target,
      sectionIdentifier: { $0.model.differenceIdentifier },
      isSectionContentEqual: { $1.model.isContentEqual(to: $0.model) },
      elementIdentifier: { $0.differenceIdentifier },
      isElementContentEqual: { $1.isContentEqual(to: $0) })
  }

  /// Computes the staged changes between two arrays of sections with closures for identity and
  /// content.
  ///
  /// - Parameters:
  ///   - source: The sections before the change.
  ///   - target: The sections after the change.
  ///   - sectionIdentifier: The identity of a section.
  ///   - isSectionContentEqual: Whether a source section and its matched target section have
  ///     equal content (their elements are diffed separately).
  ///   - elementIdentifier: The identity of an element.
  ///   - isElementContentEqual: Whether a source element and its matched target element have
  ///     equal content.
  /// - Note: Matching and duplicates behave as in the `ArraySection` initializer.
  /// - Complexity: O(n + m) expected time plus O(n log n) for the minimal moves.
  @inlinable
  public init<Section: DiffableSection, SectionID: Hashable, ElementID: Hashable>(
    source: [Section],
    target: [Section],
    sectionIdentifier: (Section) -> SectionID,
    isSectionContentEqual: (Section, Section) -> Bool,
    elementIdentifier: (Section.Element) -> ElementID,
    isElementContentEqual: (Section.Element, Section.Element) -> Bool
  ) where Data == [Section] {
    self.stages =
      _sectionedDiff(
        source: source, target: target, sectionIdentifier: sectionIdentifier,
        isSectionContentEqual: isSectionContentEqual, elementIdentifier: elementIdentifier,
        isElementContentEqual: isElementContentEqual
      ).stages
  }
}
