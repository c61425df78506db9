import Foundation

/// A value guarded by a lock, read and changed only inside `withLock`.
///
/// Contexts are used from many tasks at once (for example concurrent server requests). Their
/// state is small and every critical section is short and synchronous (no `await` inside), so a
/// lock is cheaper and simpler than an actor hop for `insert`/`update`/`delete`, which can then
/// stay synchronous.
final class Protected<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only reached through `withLock`, which holds `lock` for the
  // whole access, so no two threads ever touch it at the same time; callers return only
  // Sendable results out of the critical section.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
