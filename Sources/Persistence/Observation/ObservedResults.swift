import Foundation

/// An async sequence of the values of a fetch request: the current value first, then a new
/// value after every commit that changes the result.
///
/// Commits made through the container are applied incrementally (no query) and arrive within
/// milliseconds; commits from other processes are noticed by polling and arrive within the
/// polling interval plus a refetch. Commits that leave the result unchanged emit nothing.
///
/// Iteration stops when the consuming task is cancelled, and the observation is released when
/// the iterator is deinitialised.
///
/// ```swift
/// for try await results in context.observe(request) {
///   render(results.snapshot, applying: results.changeset)
/// }
/// ```
public struct ObservedResults<Root: Entity>: AsyncSequence, Sendable {
  public typealias Element = FetchedResults<Root>

  let core: ContainerCore
  let request: FetchRequest<Root>

  public func makeAsyncIterator() -> Iterator {
    Iterator(observation: ObservationRun(core: core, request: request))
  }

  /// The iterator; dropping it ends the observation.
  public struct Iterator: AsyncIteratorProtocol {
    let observation: ObservationRun<Root>
    var base: AsyncThrowingStream<FetchedResults<Root>, any Error>.Iterator

    init(observation: ObservationRun<Root>) {
      self.observation = observation
      self.base = observation.results.makeAsyncIterator()
    }

    public mutating func next() async throws -> FetchedResults<Root>? {
      try await base.next()
    }
  }
}

extension ModelContext {
  /// Observes a fetch request's committed results.
  ///
  /// The first value is the current result; then every commit through the container that
  /// changes the result, and every outside commit noticed by polling, yields a new value with
  /// the changes from the previous value.
  ///
  /// - Parameter request: The request to observe.
  public func observe<Root: Entity>(_ request: FetchRequest<Root>) -> ObservedResults<Root> {
    ObservedResults(core: core, request: request)
  }
}

/// One running observation: a subscription to the change hub and a task turning its events
/// into results. Cancelled when the last reference (the iterator) goes away or the consumer
/// stops.
final class ObservationRun<Root: Entity>: Sendable {
  let results: AsyncThrowingStream<FetchedResults<Root>, any Error>
  private let token: UInt64
  private let task: Task<Void, Never>
  private let hub: ChangeHub
  private let events: AsyncStream<ChangeHub.Event>.Continuation

  init(core: ContainerCore, request: FetchRequest<Root>) {
    let (events, eventInput) = AsyncStream.makeStream(of: ChangeHub.Event.self)
    let (results, output) = AsyncThrowingStream.makeStream(of: FetchedResults<Root>.self)
    let hub = core.hub
    let token = hub.subscribe { event in eventInput.yield(event) }
    let engine = core.engine
    let task = Task {
      await Self.run(engine: engine, request: request, events: events, output: output)
    }
    output.onTermination = { _ in
      task.cancel()
      hub.unsubscribe(token)
      eventInput.finish()
    }
    self.results = results
    self.token = token
    self.task = task
    self.hub = hub
    self.events = eventInput
  }

  deinit {
    task.cancel()
    hub.unsubscribe(token)
    events.finish()
  }

  private static func run(
    engine: any StorageEngine, request: FetchRequest<Root>,
    events: AsyncStream<ChangeHub.Event>,
    output: AsyncThrowingStream<FetchedResults<Root>, any Error>.Continuation
  ) async {
    var state = ResultsState(request: request)
    do {
      let (objects, sequence) = try await engine.fetchSequenced(request)
      _ = state.replace(with: objects)
      state.sequence = sequence
      let first = try FetchedResults.make(state, updated: [], previous: nil)
      // Only the snapshot is kept: once the consumer drops a value, the state's arrays are
      // uniquely referenced again and the next commit changes them in place.
      var previous = first.snapshot
      output.yield(first)
      for await event in events {
        if Task.isCancelled { break }
        let changes: ResultChanges?
        let updated: Set<UUID>?
        switch event {
        case .commit(let summary):
          guard summary.sequence > state.sequence else { continue }
          state.sequence = summary.sequence
          guard let committed = summary.changes(of: Root.self) else { continue }
          if state.isIncremental {
            changes = state.apply(committed)
            updated = changes?.updated
          } else {
            changes = nil
            updated = try await refetch(engine, &state)
          }
        case .external:
          changes = nil
          updated = try await refetch(engine, &state)
        case .closed:
          output.finish()
          return
        }
        guard let updated else { continue }
        let next = try FetchedResults.make(
          state, updated: updated, previous: previous, changes: changes)
        previous = next.snapshot
        output.yield(next)
      }
      output.finish()
    } catch {
      output.finish(throwing: error)
    }
  }

  private static func refetch(
    _ engine: any StorageEngine, _ state: inout ResultsState<Root>
  ) async throws -> Set<UUID>? {
    let (objects, sequence) = try await engine.fetchSequenced(state.request)
    state.sequence = max(state.sequence, sequence)
    return state.replace(with: objects)
  }
}
