import Synchronization

/// A `Mutex` shared by reference, for state that escaping closures and tasks capture.
///
/// A `Mutex` cannot be copied, so a closure cannot capture one; state that a callback or a
/// task shares with its owner lives in one of these. Everything else stores a `Mutex`
/// directly. Every critical section is short and synchronous (no `await` inside).
final class Protected<Value>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows
    -> sending Result
  {
    try mutex.withLock { value throws -> sending Result in try body(&value) }
  }
}
