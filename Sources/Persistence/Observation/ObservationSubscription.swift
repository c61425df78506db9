import Synchronization

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
