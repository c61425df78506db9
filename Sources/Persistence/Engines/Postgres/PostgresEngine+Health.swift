import Synchronization

// The store's availability on PostgreSQL: down while the change feed's connection or the
// pool's connections fail, back once a probe succeeds and what was missed was read.
extension PostgresEngine {
  /// What keeps the store unavailable: the change feed's connection, or the pool's.
  struct Health {
    /// Why the change feed is down, if it is.
    var feed: String?
    /// Why the pool's connections fail, if they do.
    var pool: String?
    /// Whether a probe of the pool is running.
    var probing = false

    var availability: StoreAvailability {
      (feed ?? pool).map(StoreAvailability.unavailable) ?? .available
    }
  }

  /// Whether the server can be reached: unavailable while the change feed's connection is
  /// lost or while the pool's connections fail, so that pages show offline exactly while
  /// requests cannot be served.
  var availability: StoreAvailability { health.withLock { $0.availability } }

  /// Records what the change feed's connection found, and publishes a change of the store's
  /// availability.
  func report(_ availability: StoreAvailability) {
    updateHealth { health in
      if case .unavailable(let reason) = availability {
        health.feed = reason
      } else {
        health.feed = nil
      }
    }
  }

  /// A transaction could not get or keep a connection: the store is unavailable until a
  /// probe of the pool succeeds and what was missed meanwhile was read.
  func poolFailed(_ reason: String) {
    var startProbe = false
    updateHealth { health in
      health.pool = reason
      if !health.probing {
        health.probing = true
        startProbe = true
      }
    }
    if startProbe { Task { [weak self] in await self?.probePool() } }
  }

  /// Tries the pool with a growing delay (0.1 s doubling to 2 s) until a transaction
  /// succeeds, then catches up on the changes other servers made meanwhile (their
  /// notifications could not be read) and reports the store available.
  private func probePool() async {
    var delay = Duration.milliseconds(100)
    while !isClosedNow {
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, .seconds(2))
      do {
        try await session(.read) { _ in }
      } catch {
        continue
      }
      await reconnected()
      updateHealth { health in
        health.pool = nil
        health.probing = false
      }
      return
    }
  }

  private func updateHealth(_ change: (inout Health) -> Void) {
    let (before, after) = health.withLock { health in
      let before = health.availability
      change(&health)
      return (before, health.availability)
    }
    // A second reason for the same outage is not news.
    switch (before, after) {
    case (.available, .available), (.unavailable, .unavailable): return
    default: if !isClosedNow { publish(.availability(after)) }
    }
  }
}
