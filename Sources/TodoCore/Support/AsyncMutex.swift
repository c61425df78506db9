import Synchronization

/// A first-in, first-out lock for async code: one holder at a time, across suspension points.
///
/// ``TodoService`` runs its writes under one, so that writes from concurrent requests of one
/// process see each other (a hundred parallel creates get a hundred distinct order keys).
final class AsyncMutex: Sendable {
  private struct State {
    var locked = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Runs `body` while holding the lock.
  func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
    await lock()
    defer { unlock() }
    return try await body()
  }

  private func lock() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let acquired = state.withLock { state -> Bool in
        if state.locked {
          state.waiters.append(continuation)
          return false
        }
        state.locked = true
        return true
      }
      if acquired { continuation.resume() }
    }
  }

  private func unlock() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiters.isEmpty {
        state.locked = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }
}
