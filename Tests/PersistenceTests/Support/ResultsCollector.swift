import Foundation
import Persistence
import Testing

/// Consumes an observation in a task and keeps every value, so tests can wait for one.
final class ResultsCollector<Root: Entity>: Sendable {
  private let values = Locked<[FetchedResults<Root>]>([])
  private let failure = Locked<(any Error)?>(nil)
  private let task: Task<Void, Never>

  init(_ sequence: ObservedResults<Root>) {
    let values = self.values
    let failure = self.failure
    task = Task {
      do {
        for try await results in sequence {
          values.withLock { $0.append(results) }
        }
      } catch {
        failure.withLock { $0 = error }
      }
    }
  }

  var all: [FetchedResults<Root>] { values.withLock { $0 } }

  func cancel() {
    task.cancel()
  }

  /// Waits until the latest value satisfies `predicate`.
  func waitFor(
    timeout: Duration = .seconds(10), _ predicate: (FetchedResults<Root>) -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let error = failure.withLock({ $0 }) { throw error }
      if let last = all.last, predicate(last) { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("timed out waiting for an observed value; last: \(all.last?.objects ?? [])")
    throw CancellationError()
  }
}

/// A lock-protected value for test helpers.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only reached through `withLock`, which holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
