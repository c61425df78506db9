import Foundation

/// What an observation's receiver decides by, on the thread that committed: the identifiers
/// in the result, and whether the run has handled every commit posted to it.
///
/// A commit is passed over (not posted, the run not woken) only when the run is idle with
/// its result current and the commit can change nothing in it: none of the objects it
/// deleted is in the result, and none it wrote is in it or matches the request. The result
/// then reflects that commit too (``passed``). A paged request, which any change of its
/// entity may shift, passes over only commits that wrote none of its entity.
struct ObservationGate: Sendable {
  private var members: Set<UUID> = []
  /// Hub events posted and not yet handled.
  private var pending = 0
  private var ready = false
  private var incremental = false
  /// The newest commit passed over.
  private(set) var passed = ChangeSequence.zero

  /// The run has its first result: from now on commits may be passed over.
  mutating func open(members ids: [UUID], incremental: Bool) {
    members = Set(ids)
    self.incremental = incremental
    ready = true
  }

  /// Whether `event` is passed over; if not, it counts as posted.
  mutating func passesOver<Root: Entity>(_ event: ChangeHub.Event, request: FetchRequest<Root>)
    -> Bool
  {
    if case .commit(let summary) = event, ready, pending == 0,
      !concerns(summary, request: request)
    {
      passed = max(passed, summary.sequence)
      return true
    }
    pending += 1
    return false
  }

  private func concerns<Root: Entity>(_ summary: CommitSummary, request: FetchRequest<Root>)
    -> Bool
  {
    guard let changes = summary.changes(of: Root.self) else { return false }
    guard incremental else { return true }
    for id in changes.deleted where members.contains(id) { return true }
    // Each batch on its own: the gate runs for every observation on every commit, and an
    // array of the two would be allocated each time.
    return concerns(changes.inserted, request: request)
      || concerns(changes.updated, request: request)
  }

  private func concerns<Root: Entity>(_ batch: [Stored<Root>], request: FetchRequest<Root>)
    -> Bool
  {
    batch.withUnsafeBufferPointer { batch in
      // Read in place: in generic code, an element taken out of the array is a copy of the
      // whole object.
      batch.indices.contains {
        members.contains(batch[$0].value.id) || request.matches(batch[$0].value)
      }
    }
  }

  /// The run handled `count` hub events, which changed its result by `applied`, or
  /// refetched it (`refetched`: its identifiers now).
  mutating func handled(_ count: Int, applied: [ResultChanges], refetched: [UUID]?) {
    pending -= count
    if let refetched {
      members = Set(refetched)
    } else {
      for changes in applied {
        members.subtract(changes.removed)
        members.formUnion(changes.inserted)
      }
    }
  }
}
