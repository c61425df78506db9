import ArgumentParser
import Foundation
import Logging
import Persistence
import TodoCore

/// The options every client subcommand shares: which store to work on.
///
/// Without `--server` (and without `$TODO_SERVER`) the command opens the local database
/// (`--db`, else `$TODO_DB`, else the XDG data directory — the same file `todo serve` uses).
/// With `--server URL` or `$TODO_SERVER` it talks to that server's JSON API. An explicit
/// `--db` wins over `$TODO_SERVER`.
struct BackendOptions: ParsableArguments {
  @OptionGroup var db: DatabaseOption
  /// `--db`.
  var database: String? { db.database }

  @Option(
    name: .customLong("server"),
    help: ArgumentHelp(
      "Work through the server at this URL (default: $TODO_SERVER).", valueName: "url"))
  var server: String?

  func validate() throws {
    if database != nil, server != nil {
      throw CLIError.invalid("give either --db or --server, not both")
    }
    if let server { _ = try Self.serverURL(server) }
  }

  /// The server to use, if any: `--server`, else `$TODO_SERVER` unless `--db` was given.
  func serverURL(environment: [String: String]) throws -> URL? {
    if let server { return try Self.serverURL(server) }
    if database == nil, let text = environment["TODO_SERVER"], !text.isEmpty {
      return try Self.serverURL(text)
    }
    return nil
  }

  /// Opens the backend these options name.
  ///
  /// - Throws: `CLIError.unavailable` when the database cannot be opened.
  func openBackend() async throws -> any TodoBackend {
    Self.quietLogging()
    let environment = ProcessInfo.processInfo.environment
    if let url = try serverURL(environment: environment) {
      return RemoteBackend(baseURL: url, environment: environment)
    }
    let (service, location) = try await Self.openService(database, environment: environment)
    return LocalBackend(
      service: service,
      numbersFile: DatabasePath.numbersFile(for: location, environment: environment))
  }

  /// Opens the local database: `database` (the `--db` option), else `$TODO_DB`, else
  /// `$DATABASE_URL`, else the default file. The administrator commands and `todo tui` open
  /// it this way too.
  ///
  /// - Parameter connections: The most connections to a PostgreSQL database. A command makes
  ///   a few requests: one connection, and no long wait for a server that is down.
  /// - Throws: `CLIError.invalid` for a bad location, `CLIError.unavailable` when the
  ///   database cannot be opened.
  static func openService(
    _ database: String?, environment: [String: String], connections: Int = 2
  ) async throws -> (service: TodoService, location: StoreLocation) {
    var location = try DatabasePath.resolve(database, environment: environment)
    if case .postgres(var postgres) = location {
      postgres.maximumConnections = connections
      location = .postgres(postgres)
    }
    do {
      return (try await TodoService.open(location), location)
    } catch let error as ContainerError {
      throw CLIError.unavailable("\(error)")
    } catch {
      throw CLIError.unavailable("cannot open the database \(location): \(error)")
    }
  }

  /// Parses and checks a server URL (`http` or `https` with a host).
  static func serverURL(_ text: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw CLIError.invalid("\"\(text)\" is not a server URL; write http://host:port")
    }
    return url
  }

  /// Library logs go to stderr at warning level, so that normal output stays clean;
  /// `$TODO_LOG_LEVEL` (`debug`, `info`, …) changes it.
  static func quietLogging() {
    _ = loggingBootstrap
  }
}

/// Bootstraps swift-log once per process (a global's initialiser runs exactly once).
private let loggingBootstrap: Void = {
  let level =
    ProcessInfo.processInfo.environment["TODO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
    ?? .warning
  LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = level
    return handler
  }
}()

/// The `--json` flag of the commands that can print machine output.
struct OutputOptions: ParsableArguments {
  @Flag(help: "Print JSON (the API's shapes, sorted keys) instead of a table.")
  var json = false

  /// Prints a listing of `items` (lists, tags, saved filters…): their JSON with `--json`;
  /// else `empty`, when given, if there are none; else what `text` prints.
  func printListing<Items: Collection & Encodable>(
    _ items: Items, empty: String? = nil, text: () async throws -> Void
  ) async throws {
    if json {
      try Output.json(items)
    } else if let empty, items.isEmpty {
      Console.output(empty)
    } else {
      try await text()
    }
  }

  /// Prints a listing of `todos` numbered for the commands that follow (`todo done 2`): their
  /// JSON with `--json`, else a table (`Output.numberedTable`). The numbers are saved either
  /// way.
  ///
  /// - Parameters:
  ///   - todos: The todos, in the order they are numbered.
  ///   - source: The listing command, named in errors about numbers.
  ///   - backend: The backend whose numbers file is replaced.
  ///   - empty: What the table says when there are no todos.
  func printNumbered(
    _ todos: [TodoItem], source: String, backend: any TodoBackend, empty: String,
    outline: TodoTable.Outline? = nil
  ) async throws {
    if json {
      try ListingNumbers(source: source, ids: todos.map(\.id)).save(to: backend.numbersFile)
      try Output.json(todos)
    } else {
      try await Output.numberedTable(
        todos, source: source, backend: backend, empty: empty, outline: outline)
    }
  }
}
