import Foundation
import Logging
import PostgresNIO

/// Receives other servers' commits as they happen: one connection that `LISTEN`s on
/// ``PostgresChangeLog/channel`` and hands each notification to the engine, which publishes it
/// in sequence order.
///
/// When the connection is lost (the server restarted, the network dropped), the store is
/// reported unavailable and the listener reconnects with a growing delay (0.1 s doubling to
/// 5 s); once listening again, it has the engine read everything after the last sequence it
/// published (a commit made while nobody listened is never missed), then reports the store
/// available.
struct PostgresListener: Sendable {
  let location: PostgresLocation
  let logger: Logger

  /// Listens until the task is cancelled.
  func run(engine: PostgresEngine) async {
    var delay = Duration.milliseconds(100)
    var connected = true
    while !Task.isCancelled && !engine.isClosedNow {
      do {
        let connection = try await PostgresEngine.connect(location, logger: logger)
        do {
          try await connection.listen(on: PostgresChangeLog.channel) { notifications in
            delay = .milliseconds(100)
            if !connected { logger.info("listening to \(location) again") }
            connected = true
            // Whatever was committed while nobody listened, then the news that it is back.
            await engine.reconnected()
            engine.report(.available)
            for try await notification in notifications {
              await deliver(notification.payload, to: engine)
            }
          }
        } catch {
          try? await connection.close()
          throw error
        }
        try? await connection.close()
      } catch {
        if Task.isCancelled || engine.isClosedNow { return }
        if connected {
          logger.warning("lost the change feed of \(location): \(error); reconnecting")
        }
        connected = false
        engine.report(.unavailable(Self.reason(error, location)))
      }
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, .seconds(5))
    }
  }

  /// Why the server cannot be reached, in a sentence.
  static func reason(_ error: any Error, _ location: PostgresLocation) -> String {
    switch error {
    case ContainerError.cannotConnect(_, let reason): "\(location): \(reason)"
    case PersistenceError.unavailable(let message): message
    case let error as PSQLError: "\(location): \(PostgresSession.describe(error))"
    default: "\(location) cannot be reached"
    }
  }

  private func deliver(_ payload: String, to engine: PostgresEngine) async {
    do {
      if let notification = PostgresChangeLog.parse(payload) {
        try await engine.catchUp(with: notification)
      } else {
        try await engine.catchUpExternalChanges()
      }
    } catch {
      if engine.isClosedNow || Task.isCancelled { return }
      logger.warning("reading a change of another server failed: \(error)")
    }
  }
}
