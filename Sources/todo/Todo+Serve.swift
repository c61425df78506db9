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
        The database is --db, else $TODO_DB, else $XDG_DATA_HOME/todo/todo.sqlite \
        (~/.local/share/todo/todo.sqlite without XDG_DATA_HOME); it is created on first run.
        """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("db"), help: "The database file.")
    var database: String?

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

    func validate() throws {
      guard (0...65_535).contains(port) else {
        throw ValidationError("--port must be between 0 and 65535")
      }
      guard !host.isEmpty else { throw ValidationError("--host cannot be empty") }
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
    }

    /// The server options these arguments say.
    func options(database url: URL) -> ServerOptions {
      ServerOptions(
        host: host, port: port, database: .file(url),
        publicOrigin: publicURL.flatMap(ServerOrigins.Origin.init),
        allowedOrigins: allowOrigin.compactMap(ServerOrigins.Origin.init),
        todoBackendCORS: todoBackendCORS,
        limits: HTTPLimits(
          headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout),
          idleTimeout: .seconds(idleTimeout), shutdownGrace: .seconds(shutdownGrace),
          maximumConnections: maxConnections))
    }

    func run() async throws {
      ServerMemory.configure()
      let url = DatabasePath.resolve(database, environment: ProcessInfo.processInfo.environment)
      var logger = Logger(label: "todo")
      logger.logLevel = .info
      let host = host
      let line = ServingLine(host: host, database: url.path)
      let app = buildApplication(
        options(database: url), logger: logger,
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

/// Where the database is: `--db`, `$TODO_DB`, or the XDG data directory.
enum DatabasePath {
  /// The database file for an explicit path (if any) and an environment.
  ///
  /// - Parameters:
  ///   - explicit: The `--db` option.
  ///   - environment: The process environment.
  static func resolve(_ explicit: String?, environment: [String: String]) -> URL {
    if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
    if let path = environment["TODO_DB"], !path.isEmpty { return URL(fileURLWithPath: path) }
    let data: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      data = URL(fileURLWithPath: xdg)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      data = home.appendingPathComponent(".local/share")
    }
    return data.appendingPathComponent("todo/todo.sqlite")
  }
}
