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
      var load = DeliveryLoad()
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
          let delivered = ContinuousClock.now
          let delivery = delivered - delivering
          if let earliest, !active.isEmpty {
            ObservationMetrics.lag.record(duration: delivered - earliest)
          }
          if joined { try welcome(state, observers, value: &welcomeValue) }
          // The commits of the rest of the frame wait for its end, then go out together; under
          // load, also long enough to keep handing out within its share.
          load.record(delivery, endingAt: delivered)
          let loaded = inbox.hasPending || load.share(at: delivered) > pacing.deliveryShare
          let wait = pacing.wait(afterDelivering: delivery, loaded: loaded)
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

  /// The processors values are handed out on, read once: reading them reads the process's
  /// limits from files on Linux, which would cost each value tens of microseconds.
  private static var processors: Int { observationProcessors }

  /// Hands `value` to every observer: many observers in parallel, a few at a time on each of
  /// the machine's processors, since what an observer does with a value (a page's own
  /// filtering of it, its store's reducer) runs in its callback. Each observer still gets
  /// its values one at a time and in order: the run waits for all before its next value.
  private static func deliver(_ value: FetchedResults<Root>, to observers: [ObservationSink<Root>])
    async
  {
    let lanes = observers.count < 32 ? 1 : min(processors, observers.count / 16)
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

  /// Whether something was posted since the last batch was taken.
  var hasPending: Bool {
    queue.withLock { !$0.isEmpty }
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

/// The machine's active processors, read once for every observation.
private let observationProcessors = ProcessInfo.processInfo.activeProcessorCount
