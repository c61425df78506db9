import Hummingbird
import Logging
import ServiceLifecycle
import TodoCore

/// The service that opens and migrates the database beside the HTTP server, publishes it to
/// the routes, and closes it on graceful shutdown.
///
/// While it opens, the server already answers: `/healthz` says 503 until it is done. If the
/// database cannot be opened, the error ends the whole application.
struct DatabaseService: Service {
  let location: TodoService.Location
  let state: ServerState
  let logger: Logger
  /// Called once the routes have the database.
  let onReady: @Sendable () async -> Void
  /// Mails fired reminders and the morning digests, when the server has a relay.
  var mailer: ReminderMailer?
  /// Backups made on a schedule, if any.
  var backups: BackupSchedule?
  /// How long the history kept for syncing clients lasts; `nil` keeps it (up to the change
  /// log's own count limit).
  var historyRetention: Duration?
  /// How often the history is pruned.
  var historyPruningInterval: Duration = .seconds(3_600)

  /// Drops the history older than `retention` now, then every `interval`, until cancelled.
  /// Several servers on one database may all do it: each pruning is its own transactions.
  static func pruneHistory(
    _ service: TodoService, keeping retention: Duration, every interval: Duration, logger: Logger
  ) async {
    while !Task.isCancelled {
      do {
        let pruned = try await service.pruneHistory(keeping: retention)
        if pruned.changeRecords + pruned.tombstones > 0 {
          logger.info(
            """
            pruned the history: \(pruned.changeRecords) change record(s), \
            \(pruned.tombstones) calendar tombstone(s)
            """)
        }
      } catch is CancellationError {
        return
      } catch {
        logger.warning("pruning the history failed: \(error)")
      }
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
    }
  }

  func run() async throws {
    let service = try await TodoService.open(location)
    let accounts = try await service.accountCount()
    if accounts > 0, !state.accountsOn {
      logger.notice("accounts on: the database has \(accounts) user(s)")
      state.turnAccountsOn()
    } else if state.accountsOn, accounts == 0 {
      logger.notice("accounts on, but no user yet: add one with `todo user add NAME`")
    }
    state.load(service)
    logger.info("database ready")
    await onReady()
    // Reminders fire from the database, beside the routes, until shutdown; with several
    // servers on one database each fires once (``ReminderScheduler``).
    let mailer = self.mailer
    let scheduler = ReminderScheduler(
      service: service,
      deliver: { fired in
        ServerMetrics.remindersFired.increment(by: fired.count)
        await mailer?.deliver(fired, service: service)
      },
      scheduled: { ServerMetrics.remindersScheduled.record($0) })
    let digests = Task { await mailer?.runDigests(service: service) }
    let backups = Task { [backups, logger] in await backups?.run(service: service, logger: logger) }
    let history = Task { [historyRetention, historyPruningInterval, logger] in
      guard let historyRetention else { return }
      await Self.pruneHistory(
        service, keeping: historyRetention, every: historyPruningInterval, logger: logger)
    }
    let reminders = Task {
      do {
        try await scheduler.run()
      } catch is CancellationError {
      } catch {
        logger.error("reminders stopped: \(error)")
      }
    }
    try? await gracefulShutdown()
    reminders.cancel()
    digests.cancel()
    backups.cancel()
    history.cancel()
    await history.value
    await reminders.value
    await digests.value
    await backups.value
    state.unload()
    try service.close()
    logger.info("database closed")
  }
}
