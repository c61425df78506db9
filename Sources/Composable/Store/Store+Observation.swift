import Foundation
import Synchronization

/// A callback registered with a store.
struct _StoreObserver<State>: Sendable {
  let id: Int
  let onChange: @Sendable (State) -> Void
}

extension Store {
  /// Calls `onChange` with the new state after every action the store processes.
  ///
  /// The callback runs on the thread that processed the action, after the reducer ran and its
  /// effects started, one call at a time and in the order of the actions. It may send actions to
  /// the store: they are queued and processed after the callback returns. It is not called with
  /// the state as it is now; read ``state`` for that.
  ///
  /// ```swift
  /// let observation = store.observe { state in
  ///   socket.send(render(state))
  /// }
  /// ```
  ///
  /// - Parameter onChange: Receives the state after each action.
  /// - Returns: The observation. Keep it: observation stops when it is cancelled or released.
  public func observe(_ onChange: @escaping @Sendable (State) -> Void) -> StoreObservation {
    let id = lock.withLock { _ in addObserver(onChange) }
    return StoreObservation { [weak self] in self?.removeObserver(id) }
  }

  /// The state now, followed by the state after every action the store processes.
  ///
  /// Each call returns a new sequence with its own buffer; the store keeps nothing for it once
  /// the iteration ends or the sequence is released.
  ///
  /// ```swift
  /// for await state in store.states() {
  ///   try await socket.send(render(state))
  /// }
  /// ```
  ///
  /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the store.
  ///   The default keeps every state; `.bufferingNewest(1)` keeps only the latest.
  /// - Returns: An asynchronous sequence of states.
  public func states(
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: bufferingPolicy)
    let id = lock.withLock { _ in
      continuation.yield(currentState)
      return addObserver { continuation.yield($0) }
    }
    continuation.onTermination = { [weak self] _ in self?.removeObserver(id) }
    return stream
  }

  /// Adds an observer; called inside the store's mutex.
  private func addObserver(_ onChange: @escaping @Sendable (State) -> Void) -> Int {
    nextObserverID += 1
    observers.append(_StoreObserver(id: nextObserverID, onChange: onChange))
    return nextObserverID
  }

  private func removeObserver(_ id: Int) {
    lock.withLock { _ in observers.removeAll { $0.id == id } }
  }
}

/// A running observation of a store, from ``Store/observe(_:)``.
///
/// The observation stops when ``cancel()`` is called or when this object is released.
public final class StoreObservation: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(onCancel)
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    let onCancel = self.onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    onCancel?()
  }

  deinit {
    cancel()
  }
}
