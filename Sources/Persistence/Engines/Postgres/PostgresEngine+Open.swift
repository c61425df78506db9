import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

extension PostgresEngine {
  /// Connects, migrates under the store's migration lock, and starts the connection pool.
  ///
  /// A first connection is made alone: a refused connection, an unknown host, a wrong
  /// password or a missing database is reported as one `ContainerError.cannotConnect` that
  /// names what to fix.
  static func open(
    _ location: PostgresLocation, entities: [any Entity.Type],
    publish: @escaping @Sendable (ChangeHub.Event) -> Void
  ) async throws -> PostgresEngine {
    let tables = try TableInfo.tables(of: entities)
    let migrations = try MigrationPlan(entities: entities)
    var configured = Logger(label: "persistence.postgres")
    configured.logLevel = persistenceLogger.logLevel
    let logger = configured
    let threads = NIOThreadPool(numberOfThreads: max(2, location.maximumConnections))
    threads.start()
    let sequence: Int64
    do {
      let connection = try await connect(location, logger: logger)
      defer { Task { try? await connection.close() } }
      sequence = try await threads.runIfActive {
        let session = PostgresSession(connection: connection, logger: logger)
        return try migrate(session, migrations, location: location)
      }
    } catch {
      try? await threads.shutdownGracefully()
      throw error
    }
    let client = PostgresClient(
      configuration: try clientConfiguration(location), backgroundLogger: logger)
    let engine = PostgresEngine(
      location: location, client: client, threads: threads, tables: tables, entities: entities,
      sequence: sequence, logger: logger, publish: publish)
    engine.startListening(location)
    return engine
  }

  /// One connection on its own (migrations, `LISTEN`), with errors a person can act on.
  static func connect(_ location: PostgresLocation, logger: Logger) async throws
    -> PostgresConnection
  {
    var configuration = PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.username,
      password: location.password, database: location.database,
      tls: try connectionTLS(location.tls))
    configuration.options.connectTimeout = TimeAmount(location.connectTimeout)
    do {
      return try await PostgresConnection.connect(
        configuration: configuration, id: 0, logger: logger)
    } catch {
      throw ContainerError.cannotConnect(
        location: location.description, reason: reason(for: error, location: location))
    }
  }

  /// What to fix, in one line, for an error of a first connection.
  static func reason(for error: any Error, location: PostgresLocation) -> String {
    let address = "\(location.host):\(location.port)"
    guard let error = error as? PSQLError else { return "\(error)" }
    if let server = error.serverInfo {
      let state = server[.sqlState] ?? ""
      let message = server[.message] ?? "\(error)"
      switch state {
      case "3D000":
        return "\(message); create it (createdb -h \(location.host) -p \(location.port) "
          + "-U \(location.username) \(location.database)) or fix the URL"
      case "28P01", "28000":
        return "\(message); check the user name and password in the URL"
      default:
        return "\(message) (SQLSTATE \(state))"
      }
    }
    switch error.code {
    case .sslUnsupported:
      return "the server does not offer TLS; add ?sslmode=disable or enable TLS on the server"
    case .authMechanismRequiresPassword:
      return "the server asks for a password; put it in the URL (postgresql://user:password@…)"
    case .connectionError:
      let underlying = error.underlying.map { "\($0)" } ?? "no answer"
      if underlying.contains("refused") {
        return "connection refused at \(address); is PostgreSQL running and listening there?"
      }
      if underlying.lowercased().contains("timeout") || underlying.contains("timed out") {
        return "no answer from \(address) within \(location.connectTimeout)"
      }
      if underlying.contains("resolve") || underlying.contains("NXDOMAIN")
        || underlying.contains("getaddrinfo")
      {
        return "the host \(location.host) is unknown"
      }
      return "cannot connect to \(address): \(underlying)"
    default:
      return "cannot connect to \(address): \(error.code)"
    }
  }

  private static func connectionTLS(_ mode: PostgresLocation.TLSMode) throws
    -> PostgresConnection.Configuration.TLS
  {
    switch mode {
    case .disable: return .disable
    case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
    case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
    }
  }

  private static func clientConfiguration(_ location: PostgresLocation) throws
    -> PostgresClient.Configuration
  {
    let tls: PostgresClient.Configuration.TLS =
      switch location.tls {
      case .disable: .disable
      case .prefer: .prefer(.makeClientConfiguration())
      case .require: .require(.makeClientConfiguration())
      }
    var configuration = PostgresClient.Configuration(
      host: location.host, port: location.port, username: location.username,
      password: location.password, database: location.database, tls: tls)
    configuration.options.maximumConnections = location.maximumConnections
    configuration.options.connectTimeout = location.connectTimeout
    return configuration
  }

  // MARK: - Migrations

  /// The key of the migration lock: servers starting at once on a new database migrate one
  /// after the other, and the later ones find the work done.
  static let migrationLockKey: Int64 = 0x7065_7273_6973_7402

  /// Applies the migrations not yet applied in one transaction under the migration lock.
  ///
  /// - Returns: The store's last change sequence.
  static func migrate(
    _ session: PostgresSession, _ plan: MigrationPlan, location: PostgresLocation
  ) throws -> Int64 {
    try session.execute("BEGIN")
    do {
      try session.execute("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLockKey)])
      try session.execute(MigrationPlan.createSQL)
      let applied = try session.rows("SELECT identifier FROM persistence_migrations").compactMap {
        row -> String? in
        if case .text(let identifier) = row[0] { return identifier }
        return nil
      }
      if let refusal = plan.refusal(applied: applied, location: location.description) {
        throw refusal
      }
      for statement in PostgresChangeLog.createSQL { try session.execute(statement) }
      try session.execute(try containsFunctionSQL(session))
      let done = Set(applied)
      var count = applied.count
      for step in plan.steps where !done.contains(step.identifier) {
        for statement in step.postgres {
          if let column = statement.requiresColumn,
            try session.rows(
              """
              SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2
              """, [.text(step.table), .text(column)]
            ).isEmpty
          {
            continue
          }
          try session.execute(statement.sql, statement.arguments)
        }
        count += 1
        try session.execute(
          "INSERT INTO persistence_migrations (identifier, position) VALUES ($1, $2)",
          [.text(step.identifier), .integer(Int64(count))])
        persistenceLogger.debug("applied migration \(step.identifier)")
      }
      let sequence = try PostgresChangeLog.lastSequence(session)
      try session.execute("COMMIT")
      return sequence
    } catch {
      try? session.execute("ROLLBACK")
      throw error
    }
  }

  /// `persistence_contains(haystack, needle)`: whether the text contains the needle ignoring
  /// case, `NULL` when either is `NULL` (`STRICT`), as SQLite's function of the same name (Unicode lower case through ICU when the
  /// server has it).
  private static func containsFunctionSQL(_ session: PostgresSession) throws -> String {
    let icu = !(try session.rows("SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'"))
      .isEmpty
    let collate = icu ? " COLLATE \"und-x-icu\"" : ""
    return """
      CREATE OR REPLACE FUNCTION \(TextMatching.containsFunctionName)(haystack TEXT, needle TEXT)
      RETURNS BOOLEAN LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT needle = '' OR strpos(lower(haystack\(collate)), lower(needle\(collate))) > 0
      $$
      """
  }
}
