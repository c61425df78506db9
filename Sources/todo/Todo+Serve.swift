import ArgumentParser
import Foundation
import Logging
import Persistence
import ServiceLifecycle
import TodoServer

extension Todo {
  /// `todo serve [--host 127.0.0.1] [--port 8080] [--db PATH]`: runs the server until SIGINT
  /// or SIGTERM, then shuts down gracefully (in-flight requests finish, the database closes).
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the JSON API, the Todo-Backend API and the live page.",
      discussion: """
        The database is --db, else $TODO_DB, else $DATABASE_URL, else \
        $XDG_DATA_HOME/todo/todo.sqlite (~/.local/share/todo/todo.sqlite without \
        XDG_DATA_HOME): a file path or sqlite:PATH for SQLite, created on first run, or \
        postgresql://user[:password]@host[:port]/database for a PostgreSQL database that \
        exists, which several servers can share.
        """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var db: DatabaseOption
    /// `--db`.
    var database: String? { db.database }

    @Option(help: "The most connections to a PostgreSQL database at once.")
    var dbPoolSize = 10

    @Option(
      help: ArgumentHelp(
        "Seconds a request waits for PostgreSQL before it is answered 503.",
        discussion: "Also the time one connection attempt may take."))
    var dbTimeout: Double = 10

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
      help: ArgumentHelp(
        "Let any website call the Todo-Backend API at /todos (CORS *).",
        discussion: "The Todo-Backend spec runner needs it; any page the user visits can then "
          + "read and change the Inbox through /todos."))
    var todoBackendCORS = false

    @Flag(
      help: ArgumentHelp(
        "People sign in: each has their own lists and shares some (see `todo user add`).",
        discussion: "Needed to listen on an address other than loopback. A database that has "
          + "users turns accounts on by itself."))
    var accounts = false

    @Option(help: "Seconds a client may take to send a request's head.")
    var headerTimeout: Double = 20

    @Option(help: "Seconds a client may take to send a request's body.")
    var bodyTimeout: Double = 60

    @Option(help: "Seconds an idle keep-alive connection stays open.")
    var idleTimeout: Double = 75

    @Option(help: "Seconds requests in flight get to finish on SIGTERM or SIGINT.")
    var shutdownGrace: Double = 5

    @Option(help: "The most connections open at once.")
    var maxConnections = 512

    @Option(
      help: ArgumentHelp(
        "The time zone of the server's days and clock times (the system's by default).",
        discussion: "An IANA name such as Europe/Paris: what a repeating todo's next date is "
          + "counted in, what a calendar client's UTC deadline is read in, and a page's time "
          + "zone until the browser says its own.",
        valueName: "zone"))
    var timeZone: String?

    @OptionGroup(title: "Mail") var mail: MailOptions

    func validate() throws {
      _ = try mail.settings(environment: ProcessInfo.processInfo.environment)
      if let timeZone, TimeZone(identifier: timeZone) == nil {
        throw ValidationError(
          "--time-zone \(timeZone) is not a time zone; write an IANA name such as Europe/Paris")
      }
      guard (0...65_535).contains(port) else {
        throw ValidationError("--port must be between 0 and 65535")
      }
      guard !host.isEmpty else { throw ValidationError("--host cannot be empty") }
      if !accounts, !Self.isLoopback(host) {
        throw ValidationError(
          "--host \(host) lets other machines connect, and without accounts anyone who "
            + "reaches the server could read and change every list: add --accounts (and a "
            + "user with `todo user add NAME`), or listen on 127.0.0.1")
      }
      if let publicURL, ServerOrigins.Origin(publicURL) == nil {
        throw ValidationError(
          "--public-url must be an http or https URL without a path, like https://todo.example.org"
        )
      }
      for origin in allowOrigin where ServerOrigins.Origin(origin) == nil {
        throw ValidationError(
          "--allow-origin \(origin) is not an origin; write scheme://host[:port]")
      }
      let timeouts = [
        ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
        ("--idle-timeout", idleTimeout), ("--shutdown-grace", shutdownGrace),
      ]
      for (name, seconds) in timeouts where !(seconds > 0 && seconds <= 86_400) {
        throw ValidationError("\(name) must be a number of seconds between 0 and 86400")
      }
      guard maxConnections >= 1 else {
        throw ValidationError("--max-connections must be at least 1")
      }
      guard (1...1_000).contains(dbPoolSize) else {
        throw ValidationError("--db-pool-size must be between 1 and 1000")
      }
      guard dbTimeout > 0 && dbTimeout <= 3_600 else {
        throw ValidationError("--db-timeout must be a number of seconds between 0 and 3600")
      }
    }

    /// Whether `host` is a loopback address or name, which only this machine reaches.
    static func isLoopback(_ host: String) -> Bool {
      let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
      return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The server options these arguments say.
    func options(database location: StoreLocation) -> ServerOptions {
      var location = location
      if case .postgres(var postgres) = location {
        postgres.maximumConnections = dbPoolSize
        postgres.requestTimeout = .milliseconds(Int(dbTimeout * 1_000))
        postgres.connectTimeout = postgres.requestTimeout
        location = .postgres(postgres)
      }
      return ServerOptions(
        host: host, port: port, database: location,
        publicOrigin: publicURL.flatMap(ServerOrigins.Origin.init),
        allowedOrigins: allowOrigin.compactMap(ServerOrigins.Origin.init),
        todoBackendCORS: todoBackendCORS,
        accounts: accounts,
        limits: HTTPLimits(
          headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout),
          idleTimeout: .seconds(idleTimeout), shutdownGrace: .seconds(shutdownGrace),
          maximumConnections: maxConnections))
    }

    func run() async throws {
      // The process's own zone, before anything reads it: Foundation's current time zone,
      // the C library's and the log's clock all follow it.
      if let timeZone {
        setenv("TZ", timeZone, 1)
        tzset()
      }
      ServerMemory.configure()
      let location = try DatabasePath.resolve(
        database, environment: ProcessInfo.processInfo.environment)
      var logger = Logger(label: "todo")
      logger.logLevel = .info
      let host = host
      let line = ServingLine(host: host, database: location.description)
      var options = options(database: location)
      options.mail = try mail.settings(environment: ProcessInfo.processInfo.environment)
      if let relay = options.mail?.relay { logger.info("mailing reminders through \(relay)") }
      let app = buildApplication(
        options, logger: logger,
        onServerRunning: { port in line.listening(on: port) },
        onDatabaseReady: { line.databaseReady() })
      // On SIGTERM or SIGINT the server stops accepting at once, requests in flight get the
      // grace period, then every connection closes; the group's own limit is a backstop.
      var configuration = ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
      configuration.maximumGracefulShutdownDuration = .seconds(shutdownGrace + 2)
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
