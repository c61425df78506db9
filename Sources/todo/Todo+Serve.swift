import ArgumentParser
import Configuration
import Foundation
import Logging
import Persistence
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

    @Option(help: "The address to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "The TCP port to listen on, 0 for a free one (default 8080).")
    var port: Int?

    @OptionGroup var db: DatabaseOption
    /// `--db`.
    var database: String? { db.database }

    @Option(
      help: ArgumentHelp(
        "A file holding the PostgreSQL password (or $TODO_DB_PASSWORD).", valueName: "path"))
    var dbPasswordFile: String?

    @Option(help: "The most connections to a PostgreSQL database at once (default 10).")
    var dbPoolSize: Int?

    @Option(
      help: ArgumentHelp(
        "Seconds a request waits for PostgreSQL before it is answered 503 (default 10).",
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

    @Option(help: "Seconds a client may take to send a request's head (default 20).")
    var headerTimeout: Double?

    @Option(help: "Seconds a client may take to send a request's body (default 60).")
    var bodyTimeout: Double?

    @Option(help: "Seconds an idle keep-alive connection stays open (default 75).")
    var idleTimeout: Double?

    @Option(help: "Seconds requests in flight get to finish on SIGTERM or SIGINT (default 5).")
    var shutdownGrace: Double?

    @Option(help: "The most connections open at once (default 512).")
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

    @Option(help: "How many scheduled backups to keep (default 7).")
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
      var values: [ServeSetting: ConfigContent] = [:]
      func set(_ setting: ServeSetting, _ content: ConfigContent?) {
        if let content { values[setting] = content }
      }
      set(.host, host.map { .string($0) })
      set(.port, port.map { .int($0) })
      set(.database, database.map { .string($0) })
      set(.databasePasswordFile, dbPasswordFile.map { .string($0) })
      set(.databasePoolSize, dbPoolSize.map { .int($0) })
      set(.databaseTimeout, dbTimeout.map { .double($0) })
      set(.publicURL, publicURL.map { .string($0) })
      set(.allowOrigin, allowOrigin.isEmpty ? nil : .stringArray(allowOrigin))
      set(.todoBackendCORS, todoBackendCORS.map { .bool($0) })
      set(.accounts, accounts.map { .bool($0) })
      set(.headerTimeout, headerTimeout.map { .double($0) })
      set(.bodyTimeout, bodyTimeout.map { .double($0) })
      set(.idleTimeout, idleTimeout.map { .double($0) })
      set(.shutdownGrace, shutdownGrace.map { .double($0) })
      set(.maxConnections, maxConnections.map { .int($0) })
      set(.timeZone, timeZone.map { .string($0) })
      set(.metricsListen, metricsListen.map { .string($0) })
      set(.logFormat, logFormat.map { .string($0) })
      set(.backupEvery, backupEvery.map { .string($0) })
      set(.backupKeep, backupKeep.map { .int($0) })
      set(.backupDirectory, backupDir.map { .string($0) })
      set(.syncRetention, syncRetention.map { .string($0) })
      set(.trustedProxy, trustedProxy.isEmpty ? nil : .stringArray(trustedProxy))
      for (setting, value) in mail.flagValues { values[setting] = value }
      return values
    }

    /// The settings of the flags, the environment and the configuration file, checked.
    ///
    /// - Throws: `CLIError.invalid` listing every bad setting with where it came from.
    func settings(environment: [String: String]) async throws -> ServeSettings {
      do {
        let configuration = try await ServeConfiguration(
          flags: flagValues, environment: environment,
          file: config ?? environment["TODO_CONFIG"].flatMap { $0.isEmpty ? nil : $0 })
        return try ServeSettings(configuration, environment: environment)
      } catch {
        throw CLIError.invalid(error.message)
      }
    }

    func run() async throws {
      let environment = ProcessInfo.processInfo.environment
      let settings: ServeSettings
      do {
        settings = try await self.settings(environment: environment)
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

/// Where the database is: `--db`, `$TODO_DB`, `$DATABASE_URL`, or the XDG data directory.
enum DatabasePath {
  /// The store for an explicit `--db` value (if any) and an environment: `--db`, else
  /// `$TODO_DB`, else `$DATABASE_URL` (as hosting platforms set it), else the default file.
  /// A value is parsed, never guessed (``StoreLocation/init(parsing:)``).
  ///
  /// - Parameters:
  ///   - explicit: The `--db` option.
  ///   - environment: The process environment.
  /// - Throws: `CLIError.invalid` naming the value and what is wrong with it.
  static func resolve(_ explicit: String?, environment: [String: String]) throws -> StoreLocation {
    let sources: [(String, String?)] = [
      ("--db", explicit), ("$TODO_DB", environment["TODO_DB"]),
      ("$DATABASE_URL", environment["DATABASE_URL"]),
    ]
    for (name, value) in sources {
      guard let value, !value.isEmpty else { continue }
      do {
        return try StoreLocation(parsing: value)
      } catch {
        throw CLIError.invalid("\(name): \(error)")
      }
    }
    return .file(defaultFile(environment: environment))
  }

  /// `$XDG_DATA_HOME/todo/todo.sqlite`, or `~/.local/share/todo/todo.sqlite`.
  static func defaultFile(environment: [String: String]) -> URL {
    dataDirectory(environment: environment).appendingPathComponent("todo/todo.sqlite")
  }

  /// Where the numbers of the last listing are kept: beside a database file, else in the
  /// user's state directory, one file per database server and name.
  static func numbersFile(for location: StoreLocation, environment: [String: String]) -> URL {
    switch location {
    case .file(let url):
      return url.deletingLastPathComponent().appendingPathComponent(
        url.lastPathComponent + ".numbers.json")
    case .inMemory, .postgres:
      let name = location.description.map { $0.isLetter || $0.isNumber ? $0 : "_" }
      let state =
        environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
        ?? home(environment).appendingPathComponent(".local/state")
      return state.appendingPathComponent("todo/\(String(name)).numbers.json")
    }
  }

  private static func dataDirectory(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg)
    }
    return home(environment).appendingPathComponent(".local/share")
  }

  private static func home(_ environment: [String: String]) -> URL {
    environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
  }
}
