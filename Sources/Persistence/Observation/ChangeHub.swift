import Synchronization

/// Fans commits and outside changes out to observers and to the view context.
///
/// In-process commits are published on the engine's writer, right after the commit, so every
/// subscriber receives them in commit order; subscribers must return quickly (they only
/// enqueue).
final class ChangeHub: Sendable {
  enum Event: Sendable {
    /// A commit made through this container, with the objects it wrote.
    case commit(CommitSummary)
    /// Another process or connection changed the store: observers refetch.
    case external
    /// The container closed: observations end.
    case closed
    /// The store became unavailable, or available again (``StoreAvailability``).
    case availability(StoreAvailability)
  }

  /// What a receiver is told of.
  enum Interest: Sendable {
    /// Every event: commits, outside changes, availability and the close.
    case everything
    /// Only availability and the close: a receiver that does not look at commits is not
    /// called for each one (a server has one per open page).
    case availability
  }

  private struct Subscribers {
    var next: UInt64 = 0
    var everything: [UInt64: @Sendable (Event) -> Void] = [:]
    var availability: [UInt64: @Sendable (Event) -> Void] = [:]
  }

  private let subscribers = Mutex(Subscribers())
  private let newest = Mutex(ChangeSequence.zero)

  /// The sequence of the newest commit published: every observation has been handed it, or
  /// has it queued.
  var publishedSequence: ChangeSequence { newest.withLock { $0 } }

  /// Registers a receiver and returns the token that unregisters it.
  func subscribe(
    to interest: Interest = .everything, _ receive: @escaping @Sendable (Event) -> Void
  ) -> UInt64 {
    subscribers.withLock { state in
      state.next += 1
      switch interest {
      case .everything: state.everything[state.next] = receive
      case .availability: state.availability[state.next] = receive
      }
      return state.next
    }
  }

  func unsubscribe(_ token: UInt64) {
    subscribers.withLock { state in
      if state.everything.removeValue(forKey: token) == nil {
        state.availability[token] = nil
      }
    }
  }

  func publish(_ event: Event) {
    if case .commit(let summary) = event {
      newest.withLock { if summary.sequence > $0 { $0 = summary.sequence } }
    }
    let receivers = subscribers.withLock { state in
      switch event {
      case .commit, .external: Array(state.everything.values)
      case .availability, .closed:
        Array(state.everything.values) + Array(state.availability.values)
      }
    }
    for receive in receivers { receive(event) }
  }

  var subscriberCount: Int {
    subscribers.withLock { $0.everything.count + $0.availability.count }
  }
}
