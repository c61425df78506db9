import Foundation
import Persistence

/// The engine a test run uses, chosen by the environment the test script sets:
/// SQLite files by default; with `TODO_TEST_ENGINE=postgres`, a new database of the cluster at
/// `TODO_TEST_POSTGRES_URL` for every store a test asks for.
///
/// Tests ask for a store with ``newStore(in:)`` and open it as they would any location, so
/// one suite runs on both engines.
public enum TestStoreLocation {
  /// Whether this run's stores are PostgreSQL databases.
  public static var isPostgres: Bool {
    ProcessInfo.processInfo.environment["TODO_TEST_ENGINE"] == "postgres"
  }

  /// A new, empty store: `directory/name` on SQLite, a new database on PostgreSQL.
  public static func newStore(in directory: URL, name: String = "store.sqlite") throws
    -> StoreLocation
  {
    guard isPostgres else { return .file(directory.appendingPathComponent(name)) }
    return try newPostgresStore()
  }

  /// A new database of the test cluster, whatever engine this run uses (to compare engines).
  public static func newPostgresStore() throws -> StoreLocation {
    let database = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    try psql("CREATE DATABASE \(database)")
    var location = try PostgresLocation(parsing: try serverURL())
    location.database = database
    location.tls = .disable
    location.maximumConnections = 4
    return .postgres(location)
  }

  /// The address of `location` as a person writes it for `--db` or a child process.
  public static func address(of location: StoreLocation) -> String {
    switch location {
    case .file(let url): url.path
    case .inMemory: "sqlite::memory:"
    case .postgres(let postgres): postgres.description + "?sslmode=disable"
    }
  }

  /// Drops a database `newStore` created (closing its connections); nothing for files.
  public static func remove(_ location: StoreLocation) {
    guard case .postgres(let postgres) = location else { return }
    try? psql("DROP DATABASE IF EXISTS \(postgres.database) WITH (FORCE)")
  }

  /// Runs one statement on the test cluster's maintenance database.
  public static func psql(_ sql: String) throws {
    try runPSQL([try serverURL(), "-c", sql], what: sql)
  }

  /// Runs the SQL file `file` (a `pg_dump` in plain SQL) on the test cluster's database
  /// `location` names.
  public static func psql(file: URL, into location: StoreLocation) throws {
    guard case .postgres(let postgres) = location else {
      throw TestStoreError(message: "\(file.lastPathComponent) is for a PostgreSQL store")
    }
    var url = try PostgresLocation(parsing: try serverURL())
    url.database = postgres.database
    try runPSQL([url.description + "?sslmode=disable", "-f", file.path], what: file.path)
  }

  private static func runPSQL(_ arguments: [String], what: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw TestStoreError(message: "psql \(what): \(message)")
    }
  }

  private static func serverURL() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"], !url.isEmpty
    else {
      throw TestStoreError(message: "TODO_TEST_ENGINE=postgres needs TODO_TEST_POSTGRES_URL")
    }
    return url
  }
}

/// A test store could not be made.
public struct TestStoreError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }

  public init(message: String) {
    self.message = message
  }
}
