import ArgumentParser
import Configuration
import Foundation
import Logging
import ServiceLifecycle
import TodoServer

extension Todo {
  /// `todo serve [--config FILE] [--host 127.0.0.1] [--port 8080] [--db PATH]`: runs the
  /// server until SIGINT or SIGTERM, then shuts down gracefully (in-flight requests finish,
  /// the database closes). Its settings come from ``ServeConfiguration``.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the JSON API, the Todo-Backend API and the live page.",
      discussion: """
        The database is --db, else $TODO_DB, else $DATABASE_URL, else \
        $XDG_DATA_HOME/todo/todo.sqlite (~/.local/share/todo/todo.sqlite without \
        XDG_DATA_HOME): a file path or sqlite:PATH for SQLite, created on first run, or \
        postgresql://user@host[:port]/database for a PostgreSQL database that exists, which \
        several servers can share; its password comes from $TODO_DB_PASSWORD, \
        --db-password-file or the URL in $TODO_DB or $DATABASE_URL, never from --db.

        Every option is also a key of the --config file and a $TODO_<KEY> variable \
        (--db-pool-size: "db-pool-size", $TODO_DB_POOL_SIZE); `todo config check --help` \
        lists them.
        """
    )

    @Option(
      help: ArgumentHelp(
        "A JSON file of settings: every option below is a key (\"port\": 8080).",
        discussion: "Also $TODO_CONFIG. A flag beats $TODO_<KEY>, which beats the file. "
          + "`todo config check FILE` shows what a file and the environment set.",
        valueName: "file"))
    var config: String?

    @Option(help: ServeSetting.host.help("The address to listen on"))
    var host: String?

    @Option(help: ServeSetting.port.help("The TCP port to listen on, 0 for a free one"))
    var port: Int?

    @OptionGroup var db: DatabaseOption
    /// `--db`.
    var database: String? { db.database }

    @Option(
      help: ArgumentHelp(
        "A file holding the PostgreSQL password (or $TODO_DB_PASSWORD).", valueName: "path"))
    var dbPasswordFile: String?

    @Option(
      help: ServeSetting.databasePoolSize.help(
        "The most connections to a PostgreSQL database at once"))
    var dbPoolSize: Int?

    @Option(
      help: ServeSetting.databaseTimeout.help(
        "Seconds a request waits for PostgreSQL before it is answered 503",
        discussion: "Also the time one connection attempt may take."))
    var dbTimeout: Double?

    @Option(
      help: ArgumentHelp(
        "The server's public URL behind a TLS proxy (https://todo.example.org).",
        discussion: "Its origin and host name are accepted besides the bound address's."))
    var publicURL: String?

    @Option(
      help: ArgumentHelp(
        "An origin whose pages may use the API through CORS (repeatable).",
        valueName: "origin"))
    var allowOrigin: [String] = []

    @Flag(
      inversion: .prefixedNo,
      help: ArgumentHelp(
        "Let any website call the Todo-Backend API at /todos (CORS *; default off).",
        discussion: "The Todo-Backend spec runner needs it; any page the user visits can then "
          + "read and change the Inbox through /todos."))
    var todoBackendCORS: Bool?

    @Flag(
      inversion: .prefixedNo,
      help: ArgumentHelp(
        "People sign in: each has their own lists and shares some (see `todo user add`).",
        discussion: "Needed to listen on an address other than loopback. A database that has "
          + "users turns accounts on by itself."))
    var accounts: Bool?

    @Option(
      help: ServeSetting.headerTimeout.help("Seconds a client may take to send a request's head"))
    var headerTimeout: Double?

    @Option(
      help: ServeSetting.bodyTimeout.help("Seconds a client may take to send a request's body"))
    var bodyTimeout: Double?

    @Option(help: ServeSetting.idleTimeout.help("Seconds an idle keep-alive connection stays open"))
    var idleTimeout: Double?

    @Option(
      help: ServeSetting.shutdownGrace.help(
        "Seconds requests in flight get to finish on SIGTERM or SIGINT"))
    var shutdownGrace: Double?

    @Option(help: ServeSetting.maxConnections.help("The most connections open at once"))
    var maxConnections: Int?

    @Option(
      help: ArgumentHelp(
        "The time zone of the server's days and clock times (the system's by default).",
        discussion: "An IANA name such as Europe/Paris: what a repeating todo's next date is "
          + "counted in, what a calendar client's UTC deadline is read in, and a page's time "
          + "zone until the browser says its own.",
        valueName: "zone"))
    var timeZone: String?

    @OptionGroup(title: "Mail") var mail: MailOptions

    @Option(
      help: ArgumentHelp(
        "Serve /metrics (Prometheus' text format) on a listener of its own.",
        discussion: "Off by default. Or on the main port: set $TODO_METRICS_TOKEN (or the "
          + "configuration file's metrics-token) and scrape with that bearer token.",
        valueName: "host:port"))
    var metricsListen: String?

    @Option(
      help: ArgumentHelp(
        "Back the database up on a schedule: every 1d, 12h, 30m… (off by default).",
        discussion: "Into --backup-dir (default: a backups folder beside a SQLite database), "
          + "keeping the newest --backup-keep (7). todo restore-backup reads them.",
        valueName: "interval"))
    var backupEvery: String?

    @Option(help: ServeSetting.backupKeep.help("How many scheduled backups to keep"))
    var backupKeep: Int?

    @Option(help: ArgumentHelp("Where scheduled backups go.", valueName: "dir"))
    var backupDir: String?

    @Option(
      help: ArgumentHelp(
        "A proxy whose X-Forwarded-For or Forwarded says who the client is (repeatable).",
        discussion: "An address or a network (127.0.0.1, 10.0.0.0/8, fd00::/8): only requests "
          + "from it are believed, for sign-in throttling and logs.",
        valueName: "cidr"))
    var trustedProxy: [String] = []

    @Option(
      help: ArgumentHelp(
        "How long the history that calendar apps sync from is kept (default 90d; forever).",
        discussion: "A calendar app that last synced before then syncs in full, losing "
          + "nothing.",
        valueName: "duration"))
    var syncRetention: String?

    @Option(
      help: ArgumentHelp(
        "text (default), or json: one JSON object a line on stderr, one line a request.",
        discussion: "A request's line and every response carry its id (X-Request-ID)."))
    var logFormat: String?

    /// The values the command line gives, by setting.
    var flagValues: [ServeSetting: ConfigContent] {
      ServeSetting.flagValues([
        .host: host, .port: port, .database: database, .databasePasswordFile: dbPasswordFile,
        .databasePoolSize: dbPoolSize, .databaseTimeout: dbTimeout, .publicURL: publicURL,
        .allowOrigin: allowOrigin, .todoBackendCORS: todoBackendCORS, .accounts: accounts,
        .headerTimeout: headerTimeout, .bodyTimeout: bodyTimeout, .idleTimeout: idleTimeout,
        .shutdownGrace: shutdownGrace, .maxConnections: maxConnections, .timeZone: timeZone,
        .metricsListen: metricsListen, .logFormat: logFormat, .backupEvery: backupEvery,
        .backupKeep: backupKeep, .backupDirectory: backupDir, .syncRetention: syncRetention,
        .trustedProxy: trustedProxy, .smtpURL: mail.smtpURL, .smtpFrom: mail.smtpFrom,
        .smtpPasswordFile: mail.smtpPasswordFile, .smtpCAFile: mail.smtpCAFile,
        .mailTo: mail.mailTo, .digest: mail.digest, .digestAt: mail.digestAt,
      ])
    }

    func run() async throws {
      let environment = ProcessInfo.processInfo.environment
      let settings: ServeSettings
      do {
        settings = try await ServeSettings.read(
          flags: flagValues, file: config, environment: environment
        ).settings
      } catch {
        throw CommandRunner.fail(error)
      }
      // The process's own zone, before anything reads it: Foundation's current time zone,
      // the C library's and the log's clock all follow it.
      if let timeZone = settings.timeZone {
        setenv("TZ", timeZone, 1)
        tzset()
      }
      ServerMemory.configure()
      if settings.jsonLogs {
        LoggingSystem.bootstrap { label in JSONLogHandler(label: label) }
      }
      var logger = Logger(label: "todo")
      logger.logLevel = .info
      var options = settings.options
      var services: [any Service] = []
      if settings.metricsEnabled {
        let exposition = PrometheusExposition.bootstrap(token: settings.metricsToken)
        options.metrics = exposition
        if let listen = settings.metricsListen {
          logger.info("metrics on http://\(listen.host):\(listen.port)/metrics")
          services.append(
            buildMetricsApplication(
              exposition, host: listen.host, port: listen.port, logger: logger))
        }
      }
      let line = ServingLine(host: options.host, database: options.database.description)
      if let relay = options.mail?.relay { logger.info("mailing reminders through \(relay)") }
      if let origin = options.publicOrigin, !options.accounts {
        // A proxy in front makes the server reachable from elsewhere: without accounts,
        // whoever reaches the proxy reads and changes every list.
        logger.warning(
          "serving \(origin) without accounts: anyone who reaches it can read and change every list; add --accounts unless only you can reach it"
        )
      }
      let app = buildApplication(
        options, logger: logger,
        onServerRunning: { port in line.listening(on: port) },
        onDatabaseReady: { line.databaseReady() })
      // On SIGTERM or SIGINT the server stops accepting at once, requests in flight get the
      // grace period, then every connection closes; the group's own limit is a backstop.
      var configuration = ServiceGroupConfiguration(
        services: [app] + services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
      configuration.maximumGracefulShutdownDuration = .seconds(settings.shutdownGrace + 2)
      let group = ServiceGroup(configuration: configuration)
      try await group.run()
    }
  }
}
