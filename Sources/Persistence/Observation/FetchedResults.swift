import Diffable
import Foundation

/// One value of an observed fetch request, like what `NSFetchedResultsController` reports:
/// the objects, their sections, a Diffable snapshot of them and the staged changeset that
/// turns the previous value's snapshot into this one.
///
/// ```swift
/// for try await results in context.observe(request) {
///   var sections = rendered.sections
///   for stage in results.changeset { sections = try stage.apply(to: sections) }
///   // sections == results.snapshot.sections
/// }
/// ```
public struct FetchedResults<Root: Entity>: Sendable {
  /// The snapshot type: sections identified by the section key's value (`.null` when the
  /// request has no section key), items by object identifier.
  public typealias ResultsSnapshot = Snapshot<StoredValue, UUID>
  /// The changeset type: stages that apply to the previous snapshot's sections.
  public typealias ResultsChangeset = StagedChangeset<[SnapshotSection<StoredValue, UUID>]>

  /// The objects, in the request's order.
  public let objects: [Root]
  /// The objects grouped by the request's section key (one section with key `.null` when the
  /// request has none).
  public let sections: [FetchedSection<Root>]
  /// Sections and item identifiers, in order.
  public let snapshot: ResultsSnapshot
  /// The changes from the previous value's snapshot (from an empty one for the first value):
  /// deletes, inserts, moves, and updates for objects whose content changed.
  public let changeset: ResultsChangeset
  /// The identifiers of objects whose content changed since the previous value.
  public let updatedIDs: Set<UUID>
  /// The store's change sequence of the newest commit this value reflects.
  public let sequence: ChangeSequence
}

/// The objects of one section of a fetched result.
public struct FetchedSection<Root: Entity>: Sendable {
  /// The section key's value shared by the objects.
  public let key: StoredValue
  /// The objects, in the request's order.
  public let objects: [Root]
  /// The objects' identifiers.
  let ids: [UUID]
}

extension FetchedResults {
  /// Builds a value from the observed state and the previous snapshot.
  ///
  /// When `changes` says what a commit did, the previous snapshot is taken out of `previous`
  /// and edited in place (it is then uniquely referenced, so no index is copied); only what
  /// the changeset needs of it is kept aside first. Otherwise the new snapshot is built from
  /// scratch and diffed against `previous`.
  ///
  /// - Parameters:
  ///   - state: The observed result.
  ///   - updated: The identifiers of objects whose content changed.
  ///   - previous: The previous value's snapshot, `nil` for the first value; left `nil` when
  ///     it was edited into the new one.
  ///   - changes: What an incrementally applied commit did, if it was one.
  /// - Complexity: O(c × s) for c changed objects in sections of s objects when the commit
  ///   was applied incrementally; otherwise O(n) for n objects, plus the diff.
  static func make(
    _ state: ResultsState<Root>, updated: Set<UUID>, previous: inout ResultsSnapshot?,
    changes: ResultChanges? = nil
  ) throws -> FetchedResults {
    let sections = sections(of: state.objects, ids: state.ids, by: state.request.sectionKey)
    var edited: ResultsSnapshot? = nil
    var incremental: ResultsChangeset? = nil
    if let changes, previous?.sectionIdentifiers == sections.map(\.key),
      var snapshot = previous.take()
    {
      let before = PreviousResults(snapshot, changes: changes)
      if editSnapshot(&snapshot, sections: sections, changes: changes) {
        incremental = incrementalChangeset(from: before, to: snapshot, changes: changes)
        edited = snapshot
      }
      if incremental == nil { previous = try before.rebuiltSnapshot() }
    }
    let snapshot = try edited ?? makeSnapshot(sections)
    let changeset =
      incremental
      ?? snapshot.changeset(
        from: previous ?? ResultsSnapshot(), isItemContentEqual: { !updated.contains($0) })
    return FetchedResults(
      objects: state.objects, sections: sections, snapshot: snapshot, changeset: changeset,
      updatedIDs: updated, sequence: state.sequence)
  }

  /// A snapshot built from scratch.
  ///
  /// - Complexity: O(n) for n objects.
  static func makeSnapshot(_ sections: [FetchedSection<Root>]) throws -> ResultsSnapshot {
    var snapshot = ResultsSnapshot()
    try snapshot.appendSections(sections.map(\.key))
    for section in sections {
      try snapshot.appendItems(section.ids, toSection: section.key)
    }
    return snapshot
  }

  /// Groups sorted objects into sections of equal section-key values.
  ///
  /// The request sorts by the section key first (``FetchRequest/sectionKey``), so each key's
  /// objects are one run: its end is found by a galloping search, which reads a few keys a
  /// section instead of every object's (an erased read, for every value the observation
  /// publishes). A single section shares the objects' array instead of copying it.
  ///
  /// - Complexity: O(s log n) key reads for s sections of n objects, plus copying the objects
  ///   of each section when there are several.
  static func sections(
    of objects: [Root], ids: [UUID], by key: AnyAttribute<Root>?
  ) -> [FetchedSection<Root>] {
    guard let key else { return [FetchedSection(key: .null, objects: objects, ids: ids)] }
    var sections: [FetchedSection<Root>] = []
    var start = 0
    while start < objects.count {
      let value = key.read(objects[start])
      let end = endOfRun(from: start, count: objects.count) { key.read(objects[$0]) == value }
      if start == 0 && end == objects.count {
        return [FetchedSection(key: value, objects: objects, ids: ids)]
      }
      sections.append(
        FetchedSection(
          key: value, objects: Array(objects[start..<end]), ids: Array(ids[start..<end])))
      start = end
    }
    return sections
  }

  /// The first index from `start` up to `count` where `inRun` is false, or `count`: `inRun`
  /// holds at `start` and then for a prefix of the indices only.
  ///
  /// - Complexity: O(log r) calls of `inRun` for a run of r.
  static func endOfRun(from start: Int, count: Int, _ inRun: (Int) -> Bool) -> Int {
    // Gallop: `inRun(low)` holds; find a `high` where it does not, or the end.
    var low = start
    var step = 1
    var high = start + step
    while high < count, inRun(high) {
      low = high
      step *= 2
      high = start + step
    }
    high = min(high, count)
    // Then halve: `inRun(low)` holds, and `high` is the end or where it does not.
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if inRun(middle) { low = middle } else { high = middle }
    }
    return high
  }
}
