import Synchronization

/// Asynchronous work run on request, one run at a time: a request made while it runs makes it
/// run once more afterwards, however many came meanwhile. What re-reads something after each
/// change it is told of, without a task waiting between changes.
final class SerialWork: Sendable {
  private let work: @Sendable () async -> Void
  private let state = Mutex<(running: Bool, again: Bool)>((false, false))

  init(_ work: @escaping @Sendable () async -> Void) {
    self.work = work
  }

  /// Runs the work in a task of its own, or once more after the current run.
  func request() {
    let start = state.withLock { state -> Bool in
      if state.running {
        state.again = true
        return false
      }
      state.running = true
      return true
    }
    guard start else { return }
    Task {
      while true {
        await work()
        let again = state.withLock { state -> Bool in
          state.running = state.again
          state.again = false
          return state.running
        }
        guard again else { return }
      }
    }
  }
}
