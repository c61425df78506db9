import Foundation
import Persistence
import Synchronization
import Testing

/// Consumes an observation in a task and keeps every value, so tests can wait for one.
final class ResultsCollector<Root: Entity>: Sendable {
  private struct Progress {
    var values: [FetchedResults<Root>] = []
    var failure: (any Error)?
    var ended = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let progress = Locked(Progress())
  private let task: Task<Void, Never>

  init(_ sequence: ObservedResults<Root>) {
    let progress = self.progress
    task = Task {
      do {
        for try await results in sequence {
          Self.update(progress) { $0.values.append(results) }
        }
        Self.update(progress) { $0.ended = true }
      } catch {
        Self.update(progress) {
          $0.failure = error
          $0.ended = true
        }
      }
    }
  }

  private static func update(_ progress: Locked<Progress>, _ change: (inout Progress) -> Void) {
    let waiters = progress.withLock { progress in
      change(&progress)
      defer { progress.waiters = [] }
      return progress.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var all: [FetchedResults<Root>] { progress.withLock { $0.values } }

  func cancel() {
    task.cancel()
  }

  /// Waits until the latest value satisfies `predicate`: woken by each new value, never by a
  /// timer (the test's time limit bounds it).
  func waitFor(_ predicate: (FetchedResults<Root>) -> Bool) async throws {
    var seen = 0
    while true {
      let (values, failure, ended) = progress.withLock { ($0.values, $0.failure, $0.ended) }
      if let failure { throw failure }
      if let last = values.last, predicate(last) { return }
      if ended {
        Issue.record("the observation ended; last value: \(values.last?.objects ?? [])")
        throw CancellationError()
      }
      seen = values.count
      await withCheckedContinuation { continuation in
        let ready = progress.withLock { progress in
          if progress.values.count > seen || progress.ended { return true }
          progress.waiters.append(continuation)
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}

/// A `Mutex` shared by reference, for test helpers whose closures capture it.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
    try mutex.withLock { value throws -> T in try body(&value) }
  }
}
