import Foundation

/// An async sequence of the values of a fetch request: the current value first, then a new
/// value after every commit that changes the result.
///
/// Commits made through the container are applied incrementally (no query) and arrive within
/// milliseconds; commits from other processes arrive as change records within the polling
/// interval and are applied incrementally too (only the objects they name are read). Commits
/// that leave the result unchanged emit nothing.
///
/// Every iterator of the same request on one container shares one observation: the result
/// is kept and updated once, and each commit's changeset is computed once, whatever the
/// number of observers. A new observer's first value is the current result.
///
/// Iteration stops when the consuming task is cancelled, and the observer leaves when the
/// iterator is deinitialised; the observation ends with its last observer.
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
  let pacing: ObservationPacing

  public func makeAsyncIterator() -> Iterator {
    let (results, continuation) = AsyncThrowingStream.makeStream(of: FetchedResults<Root>.self)
    let subscription = core.observations.join(
      request, pacing: pacing, core: core,
      sink: ObservationSink(
        receive: { continuation.yield($0) }, finish: { continuation.finish(throwing: $0) }))
    continuation.onTermination = { [weak subscription] _ in subscription?.cancel() }
    return Iterator(subscription: subscription, base: results.makeAsyncIterator())
  }

  /// The iterator; dropping it ends this observer's part of the observation.
  public struct Iterator: AsyncIteratorProtocol {
    let subscription: ObservationSubscription
    var base: AsyncThrowingStream<FetchedResults<Root>, any Error>.Iterator

    public mutating func next() async throws -> FetchedResults<Root>? {
      try await base.next()
    }
  }
}

extension ModelContext {
  /// Observes a fetch request's committed results.
  ///
  /// The first value is the current result; then every commit through the container that
  /// changes the result, and every commit of another process noticed by polling, yields a
  /// new value with the changes from the previous value. Observers of the same request share
  /// one observation.
  ///
  /// With a `frame`, a burst of commits is published at most once per frame: the first
  /// commit after a quiet frame goes out at once, the ones that follow within the frame
  /// together at its end, as one value whose changeset covers them all. A live view that
  /// many commits update (a page open on a busy list) then costs one update per frame, not
  /// one per commit, and the commits themselves are never slowed by it.
  ///
  /// - Parameters:
  ///   - request: The request to observe.
  ///   - frame: The shortest time between two values; zero (the default) publishes every
  ///     commit as soon as it is applied. Observers share an observation only with the same
  ///     request and frame.
  public func observe<Root: Entity>(_ request: FetchRequest<Root>, frame: Duration = .zero)
    -> ObservedResults<Root>
  {
    observe(request, pacing: ObservationPacing(frame: frame))
  }

  /// Observes `request` as ``observe(_:frame:)`` does, paced by `pacing`: its frame may grow
  /// with the observers that share it (``ObservationPacing``). Observers share an observation
  /// only with the same request and pacing.
  public func observe<Root: Entity>(_ request: FetchRequest<Root>, pacing: ObservationPacing)
    -> ObservedResults<Root>
  {
    ObservedResults(core: core, request: request, pacing: pacing)
  }
}

extension ModelContext {
  /// Observes `request` as ``observe(_:pacing:)`` does, handing each value to `onValue`
  /// instead of an async sequence: no task waits for the values, so a consumer that only
  /// passes them on (to a stream or a store of its own) costs the observation a call.
  ///
  /// `onValue` runs on the observation's own task, or with many observers on one of the
  /// tasks that hand a value out in parallel; each observer gets its values one at a time and
  /// in order. It must return quickly and never wait. `onEnd` runs once if the observation
  /// ends by itself: with `nil` when the container closed, with the error of a read that
  /// failed.
  ///
  /// ```swift
  /// let subscription = context.subscribe(request, onValue: { results in
  ///   continuation.yield(results.objects)
  /// }, onEnd: { continuation.finish(throwing: $0) })
  /// continuation.onTermination = { _ in subscription.cancel() }
  /// ```
  ///
  /// - Returns: The subscription; the observer leaves when it is cancelled or released.
  public func subscribe<Root: Entity>(
    _ request: FetchRequest<Root>, pacing: ObservationPacing = .immediate,
    onValue: @escaping @Sendable (FetchedResults<Root>) -> Void,
    onEnd: @escaping @Sendable ((any Error)?) -> Void
  ) -> ObservationSubscription {
    core.observations.join(
      request, pacing: pacing, core: core,
      sink: ObservationSink(receive: onValue, finish: onEnd))
  }
}
