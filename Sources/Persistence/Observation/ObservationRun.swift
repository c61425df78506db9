import Foundation
import Synchronization

/// One running observation of a request, shared by every observer of that request: a
/// subscription to the change hub and a task turning its events into results, yielded to
/// each observer.
///
/// Observers join and leave through ``ObservationRegistry``; the run stops with its last
/// observer.
final class ObservationRun<Root: Entity>: AnyObservationRun {
  private struct Observers {
    var next = 0
    /// Observers that received their first value and receive every change.
    var active: [Int: ObservationSink<Root>] = [:]
    /// Observers waiting for their first value.
    var pending: [Int: ObservationSink<Root>] = [:]
    var isEmpty: Bool { active.isEmpty && pending.isEmpty }
  }

  private let observers = Protected(Observers())
  /// Inputs not handled yet; the run takes them all at once, so commits that arrive while it
  /// is busy are applied together and published as one value.
  private let inbox: Inbox
  /// What the hub's receiver reads to pass over, on the committing thread, the commits that
  /// cannot change the result.
  private let gate: Protected<ObservationGate>
  private let token: UInt64
  private let task = Mutex<Task<Void, Never>?>(nil)
  private let hub: ChangeHub
  private let engine: any StorageEngine
  private let request: FetchRequest<Root>
  private let pacing: ObservationPacing

  init(core: ContainerCore, request: FetchRequest<Root>, pacing: ObservationPacing) {
    let hub = core.hub
    let inbox = Inbox()
    let gate = Protected(ObservationGate())
    self.hub = hub
    self.inbox = inbox
    self.gate = gate
    self.engine = core.engine
    self.request = request
    self.pacing = pacing
    self.token = hub.subscribe { event in
      // An observation of a small part of the store is told of every commit: waking its task
      // for each, to find that nothing it shows changed, costs more than deciding it here.
      if gate.withLock({ $0.passesOver(event, request: request) }) { return }
      inbox.post(.hub(event))
    }
  }

  /// Starts the observation; `onEnd` runs if it ends by itself (the container closed, or an
  /// error), not when it is stopped.
  func start(onEnd: @escaping @Sendable (ObservationRun<Root>) -> Void) {
    let (engine, request, inbox, observers, pacing, gate) = (
      self.engine, self.request, self.inbox, self.observers, self.pacing, self.gate
    )
    let started = Task { [weak self] in
      await Self.run(
        engine: engine, request: request, pacing: pacing, inbox: inbox, observers: observers,
        gate: gate)
      if !Task.isCancelled, let self { onEnd(self) }
    }
    task.withLock { $0 = started }
  }

  /// Adds an observer; its first value is the current result.
  ///
  /// - Returns: The observer's token for ``leave(_:)``.
  func join(_ sink: ObservationSink<Root>) -> Int {
    let id = observers.withLock { observers in
      observers.next += 1
      observers.pending[observers.next] = sink
      return observers.next
    }
    inbox.post(.join)
    return id
  }

  /// Removes an observer.
  ///
  /// - Returns: Whether it was the last one.
  func leave(_ id: Int) -> Bool {
    observers.withLock { observers in
      observers.active[id] = nil
      observers.pending[id] = nil
      return observers.isEmpty
    }
  }

  /// Ends the observation.
  func stop() {
    task.withLock { $0 }?.cancel()
    hub.unsubscribe(token)
    inbox.finish()
  }

  private static func run(
    engine: any StorageEngine, request: FetchRequest<Root>, pacing: ObservationPacing,
    inbox: Inbox, observers: Protected<Observers>, gate: Protected<ObservationGate>
  ) async {
    var state = ResultsState(request: request)
    var previous: FetchedResults<Root>.ResultsSnapshot? = nil
    // The first value of the observers that join while the result stays the same: one value
    // they all share, not a snapshot built for each (pages opened one after another on a
    // quiet list would each keep their own).
    var welcomeValue: FetchedResults<Root>? = nil
    do {
      let (objects, sequence) = try await engine.fetchSequenced(request)
      _ = state.replace(with: objects)
      state.sequence = sequence
      previous = try FetchedResults.make(state, updated: [], previous: &previous).snapshot
      let incremental = state.isIncremental
      gate.withLock { $0.open(members: state.ids, incremental: incremental) }
      for await items in inbox.batches {
        if Task.isCancelled { break }
        // The commits passed over since the last batch changed nothing here: the result
        // reflects them.
        state.sequence = max(state.sequence, gate.withLock { $0.passed })
        // Every commit of the batch is applied, then one value is published, its changeset
        // the commits' changes merged (a refetch is diffed against the last value).
        var applied: [ResultChanges] = []
        var refetched = false
        var updated: Set<UUID> = []
        var joined = false
        var earliest: ContinuousClock.Instant?
        for item in items {
          switch item {
          case .join:
            joined = true
          case .hub(.commit(let summary)):
            guard summary.sequence > state.sequence else { continue }
            state.sequence = summary.sequence
            guard let committed = summary.changes(of: Root.self) else { continue }
            earliest = min(earliest ?? summary.committedAt, summary.committedAt)
            if state.isIncremental {
              if let changes = state.apply(committed) {
                applied.append(changes)
                updated.formUnion(changes.updated)
              }
            } else if let changed = try await refetch(engine, &state) {
              refetched = true
              updated.formUnion(changed)
            }
          case .hub(.external):
            if let changed = try await refetch(engine, &state) {
              refetched = true
              updated.formUnion(changed)
            }
          case .hub(.closed):
            finish(observers, error: nil)
            return
          case .hub(.availability):
            // What was missed while the store was away arrives as commits once it is back.
            continue
          }
        }
        let handled = items.count { if case .hub = $0 { true } else { false } }
        let ids = refetched ? state.ids : nil
        gate.withLock { $0.handled(handled, applied: applied, refetched: ids) }
        if refetched || !applied.isEmpty {
          // Observers keep their values; the snapshot kept here is edited in place when no
          // observer holds it any more.
          let changes =
            refetched
            ? nil
            : ResultChanges.merged(applied) { id in previous?.contains(item: id) ?? false }
          let next = try FetchedResults.make(
            state, updated: updated, previous: &previous, changes: changes)
          previous = next.snapshot
          welcomeValue = nil
          let active = observers.withLock { Array($0.active.values) }
          let delivering = ContinuousClock.now
          await deliver(next, to: active)
          let delivery = ContinuousClock.now - delivering
          if let earliest, !active.isEmpty {
            ObservationMetrics.lag.record(duration: ContinuousClock.now - earliest)
          }
          if joined { try welcome(state, observers, value: &welcomeValue) }
          // The commits of the rest of the frame wait for its end, then go out together.
          let wait = pacing.wait(afterDelivering: delivery)
          if wait > .zero { try? await Task.sleep(for: wait) }
        } else if joined {
          try welcome(state, observers, value: &welcomeValue)
        }
      }
      finish(observers, error: nil)
    } catch {
      finish(observers, error: error)
    }
  }

  /// Hands `value` to every observer: many observers in parallel, a few at a time on each of
  /// the machine's processors, since what an observer does with a value (a page's own
  /// filtering of it, its store's reducer) runs in its callback. Each observer still gets
  /// its values one at a time and in order: the run waits for all before its next value.
  private static func deliver(_ value: FetchedResults<Root>, to observers: [ObservationSink<Root>])
    async
  {
    let lanes = min(ProcessInfo.processInfo.activeProcessorCount, observers.count / 16)
    guard lanes > 1 else {
      for observer in observers { observer.receive(value) }
      return
    }
    await withTaskGroup(of: Void.self) { group in
      for lane in 0..<lanes {
        group.addTask {
          for index in stride(from: lane, to: observers.count, by: lanes) {
            observers[index].receive(value)
          }
        }
      }
    }
  }

  /// Gives waiting observers the current result as their first value; they receive every
  /// change from then on.
  ///
  /// - Parameter value: The first value given since the result last changed, if any: given
  ///   again, or made and kept.
  private static func welcome(
    _ state: ResultsState<Root>, _ observers: Protected<Observers>,
    value: inout FetchedResults<Root>?
  ) throws {
    let joining = observers.withLock { observers in
      defer {
        observers.active.merge(observers.pending) { old, _ in old }
        observers.pending = [:]
      }
      return Array(observers.pending.values)
    }
    guard !joining.isEmpty else { return }
    // A commit passed over since (``ObservationGate``) leaves the objects as they were but
    // not the sequence the first value must reflect.
    if value?.sequence != state.sequence {
      var none: FetchedResults<Root>.ResultsSnapshot? = nil
      value = try FetchedResults.make(state, updated: [], previous: &none)
    }
    guard let first = value else { return }
    for observer in joining { observer.receive(first) }
  }

  private static func finish(_ observers: Protected<Observers>, error: (any Error)?) {
    let all = observers.withLock { observers in
      defer {
        observers.active = [:]
        observers.pending = [:]
      }
      return Array(observers.active.values) + Array(observers.pending.values)
    }
    for observer in all { observer.finish(error) }
  }

  private static func refetch(
    _ engine: any StorageEngine, _ state: inout ResultsState<Root>
  ) async throws -> Set<UUID>? {
    let (objects, sequence) = try await engine.fetchSequenced(state.request)
    state.sequence = max(state.sequence, sequence)
    return state.replace(with: objects)
  }
}

/// The inputs of a run: posted from any thread, taken as one batch when the run is ready.
private final class Inbox: Sendable {
  private let queue = Mutex<[ObservationInput]>([])
  private let bell: AsyncStream<Void>.Continuation
  private let rings: AsyncStream<Void>

  init() {
    (rings, bell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  func post(_ input: ObservationInput) {
    queue.withLock { $0.append(input) }
    bell.yield()
  }

  func finish() {
    bell.finish()
  }

  /// Everything posted since the last batch, each time something was.
  var batches: some AsyncSequence<[ObservationInput], Never> {
    rings.compactMap { [self] in
      let items = queue.withLock { queue in
        defer { queue.removeAll(keepingCapacity: true) }
        return queue
      }
      return items.isEmpty ? nil : items
    }
  }
}

/// What a run reacts to.
private enum ObservationInput: Sendable {
  case hub(ChangeHub.Event)
  /// Observers are waiting for their first value.
  case join
}

/// A run whose entity is erased, as the registry keeps it.
protocol AnyObservationRun: AnyObject, Sendable {
  func stop()
}

/// The running observations of a container, one per distinct request.
final class ObservationRegistry: Sendable {
  private let runs = Mutex<[String: any AnyObservationRun]>([:])

  /// Joins the observation of `request`, starting it if none runs; its values go to `sink`.
  func join<Root: Entity>(
    _ request: FetchRequest<Root>, pacing: ObservationPacing, core: ContainerCore,
    sink: ObservationSink<Root>
  ) -> ObservationSubscription {
    let key =
      Self.key(request, core: core) + "|frame:\(pacing.frame)|share:\(pacing.deliveryShare)"
    let (run, id) = runs.withLock { runs in
      let run: ObservationRun<Root>
      if let existing = runs[key] as? ObservationRun<Root> {
        run = existing
      } else {
        run = ObservationRun(core: core, request: request, pacing: pacing)
        run.start { [weak self] ended in self?.remove(key, ended) }
        runs[key] = run
      }
      return (run, run.join(sink))
    }
    return ObservationSubscription { [weak self] in
      self?.leave(key, run: run, id: id)
    }
  }

  /// The number of running observations.
  var count: Int { runs.withLock { $0.count } }

  private func leave<Root: Entity>(_ key: String, run: ObservationRun<Root>, id: Int) {
    let stopped = runs.withLock { runs -> Bool in
      guard run.leave(id) else { return false }
      if runs[key] === run { runs[key] = nil }
      return true
    }
    if stopped { run.stop() }
  }

  private func remove(_ key: String, _ ended: any AnyObservationRun) {
    runs.withLock { runs in
      if runs[key] === ended { runs[key] = nil }
    }
  }

  /// Requests that compile to the same query (and section key) share one observation.
  private static func key<Root: Entity>(_ request: FetchRequest<Root>, core: ContainerCore)
    -> String
  {
    let table = core.engine.tables[ObjectIdentifier(Root.self)]
    guard let table else { return "\(Root.entityName)#\(UUID())" }
    let query = SelectQuery(request, table: table, limit: request.limit, offset: request.offset)
    var key = "\(Root.entityName)|\(query.sql)|\(request.sectionKey?.name ?? "")"
    for argument in query.arguments { key += "|" + keyText(argument) }
    return key
  }

  /// An argument's full value as text: two requests share an observation only if every
  /// argument is equal (a blob's description would name its size only).
  private static func keyText(_ value: StoredValue) -> String {
    switch value {
    case .null: "n"
    case .integer(let integer): "i\(integer)"
    case .real(let real): "r\(real.bitPattern)"
    case .text(let text): "t\(text.utf8.count):\(text)"
    case .blob(let data): "b" + data.map { String($0, radix: 16) }.joined(separator: ".")
    }
  }
}

/// One observer's part of a shared observation: it leaves once, when cancelled or released.
public final class ObservationSubscription: Sendable {
  private let onEnd: Mutex<(@Sendable () -> Void)?>

  init(onEnd: @escaping @Sendable () -> Void) {
    self.onEnd = Mutex(onEnd)
  }

  /// Leaves the observation: no value reaches the observer after this returns but one being
  /// handed over at that moment. Calling it again does nothing.
  public func cancel() {
    let action = onEnd.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  deinit { cancel() }
}

/// Where a shared observation delivers one observer's values: an async sequence's
/// continuation (``ObservedResults``), or the callbacks of
/// ``ModelContext/subscribe(_:pacing:onValue:onEnd:)``.
struct ObservationSink<Root: Entity>: Sendable {
  let receive: @Sendable (FetchedResults<Root>) -> Void
  let finish: @Sendable ((any Error)?) -> Void
}

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
    for batch in [changes.inserted, changes.updated] {
      for stored in batch
      where members.contains(stored.value.id) || request.matches(stored.value) {
        return true
      }
    }
    return false
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
