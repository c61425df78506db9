import Synchronization

/// A lock for async code: one holder at a time, waiters resumed in arrival order.
///
/// Used to run the saves of one context one after another without blocking a thread.
final class AsyncLock: Sendable {
  private struct State {
    var locked = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func lock() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let acquired = state.withLock { state in
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

  func unlock() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiters.isEmpty {
        state.locked = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }

  /// Runs `body` while holding the lock.
  func withLock<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    await lock()
    defer { unlock() }
    return try await body()
  }
}
