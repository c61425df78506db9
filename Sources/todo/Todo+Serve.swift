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

    func validate() throws {
      guard (0...65_535).contains(port) else {
        throw ValidationError("--port must be between 0 and 65535")
      }
      guard !host.isEmpty else { throw ValidationError("--host cannot be empty") }
    }

    func run() async throws {
      let url = DatabasePath.resolve(database, environment: ProcessInfo.processInfo.environment)
      var logger = Logger(label: "todo")
      logger.logLevel = .info
      let host = host
      let app = buildApplication(
        ServerOptions(host: host, port: port, database: .file(url)), logger: logger,
        onServerRunning: { port in
          let line = "todo: serving http://\(host):\(port) (database \(url.path))\n"
          FileHandle.standardOutput.write(Data(line.utf8))
        })
      let group = ServiceGroup(
        configuration: .init(
          services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
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
