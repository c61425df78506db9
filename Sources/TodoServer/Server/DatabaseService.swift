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
    let scheduler = ReminderScheduler(service: service) { fired in
      ServerMetrics.remindersFired.increment(by: fired.count)
      await mailer?.deliver(fired, service: service)
    }
    let digests = Task { await mailer?.runDigests(service: service) }
    let backups = Task { [backups, logger] in await backups?.run(service: service, logger: logger) }
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
    await reminders.value
    await digests.value
    await backups.value
    state.unload()
    try service.close()
    logger.info("database closed")
  }
}
