import ArgumentParser
import Foundation
import Logging
import Persistence
import PostgresNIO

/// The engine a benchmark's stores live on: a SQLite file in a temporary directory, or a new
/// database of a PostgreSQL server (named by `--postgres-url` or `$TODO_BENCH_POSTGRES_URL`,
/// whose role may create databases), removed afterwards either way.
enum BenchEngine: Sendable {
  case sqlite
  case postgres(url: String)

  /// The engine named by `--engine`, with the server of `--postgres-url` for PostgreSQL.
  init(name: String, postgresURL: String?) throws {
    switch name {
    case "sqlite": self = .sqlite
    case "postgres":
      guard
        let url = postgresURL ?? ProcessInfo.processInfo.environment["TODO_BENCH_POSTGRES_URL"]
      else {
        throw ValidationError("--engine postgres needs --postgres-url or $TODO_BENCH_POSTGRES_URL")
      }
      _ = try PostgresLocation(parsing: url)
      self = .postgres(url: url)
    default:
      throw ValidationError("--engine must be sqlite or postgres")
    }
  }

  /// The engine's name, as `--engine` takes it.
  var name: String {
    switch self {
    case .sqlite: "sqlite"
    case .postgres: "postgres"
    }
  }

  /// Runs `body` with a new, empty store, removed afterwards.
  func withNewStore<T>(
    _ name: String, logger: Logger, _ body: (StoreLocation) async throws -> T
  ) async throws -> T {
    switch self {
    case .sqlite:
      let directory = try BenchData.temporaryDirectory(name)
      defer { try? FileManager.default.removeItem(at: directory) }
      return try await body(.file(directory.appendingPathComponent("todo.sqlite")))
    case .postgres(let url):
      return try await Self.withNewDatabase(url, logger: logger, body)
    }
  }

  /// Runs `body` on a new database of the server at `url`, dropped afterwards.
  static func withNewDatabase<T>(
    _ url: String, logger: Logger, _ body: (StoreLocation) async throws -> T
  ) async throws -> T {
    var location = try PostgresLocation(parsing: url)
    let maintenance = try await connect(location, logger: logger)
    defer { Task { try? await maintenance.close() } }
    let name = "bench_" + UUID().uuidString.prefix(8).lowercased()
    try await maintenance.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
    location.database = name
    do {
      let result = try await body(.postgres(location))
      try await maintenance.query(
        PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
      return result
    } catch {
      _ = try? await maintenance.query(
        PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
      throw error
    }
  }

  /// One connection of postgres-nio alone (what the baselines use).
  static func connect(_ location: PostgresLocation, logger: Logger) async throws
    -> PostgresConnection
  {
    let configuration = PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.username,
      password: location.password, database: location.database, tls: .disable)
    return try await PostgresConnection.connect(
      configuration: configuration, id: 1, logger: logger)
  }
}
