import Synchronization
import TodoCore

/// What a live page's writer has to send: the newest state (older ones are superseded),
/// protocol errors in order, and whether the browser asked for a new snapshot.
///
/// The store posts a state after every action, and commits can come faster than a page's
/// socket drains; the writer takes everything pending at once, so it renders only the newest
/// state and never falls further behind.
final class LiveOutbox: Sendable {
  /// Everything posted since the writer last took.
  struct Pending: Sendable {
    var state: LivePage.State?
    var errors: [LiveMessage] = []
    var resync = false

    /// What was posted after `self` added to it: the newer state, every error in order.
    mutating func append(_ later: Pending) {
      state = later.state ?? state
      errors += later.errors
      resync = resync || later.resync
    }
  }

  private let pending = Mutex(Pending())
  private let bell: AsyncStream<Void>.Continuation
  private let rings: AsyncStream<Void>

  init() {
    (rings, bell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  func post(state: LivePage.State) {
    pending.withLock { $0.state = state }
    bell.yield()
  }

  func post(error: LiveMessage) {
    pending.withLock { $0.errors.append(error) }
    bell.yield()
  }

  func resync() {
    pending.withLock { $0.resync = true }
    bell.yield()
  }

  /// No more posts: the deliveries end once the writer has taken the last ones.
  func finish() {
    bell.finish()
  }

  /// What was posted, taken at once each time something was.
  var deliveries: some AsyncSequence<Pending, Never> {
    rings.compactMap { [self] in
      let taken = take()
      return taken.state == nil && taken.errors.isEmpty && !taken.resync ? nil : taken
    }
  }

  /// Everything posted and not yet taken, taken now.
  func take() -> Pending {
    pending.withLock { pending in
      defer { pending = Pending() }
      return pending
    }
  }
}
