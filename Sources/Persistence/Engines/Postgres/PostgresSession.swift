import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection of the PostgreSQL engine, lent to one transaction, with a synchronous
/// query API: a transaction's body runs on a thread of the engine's pool (never on an event
/// loop and never in the concurrency pool) and waits for each statement's answer there, as a
/// SQLite transaction waits for the disk. That keeps the one transaction API of
/// ``ReadTransaction`` and ``WriteTransaction`` the same on both engines.
final class PostgresSession: StatementRunner {
  let connection: PostgresConnection
  let logger: Logger
  var dialect: SQLDialect { .postgres }

  init(connection: PostgresConnection, logger: Logger) {
    self.connection = connection
    self.logger = logger
  }

  /// Runs `sql` and returns every row's columns as stored values.
  func rows(_ sql: String, _ arguments: [StoredValue] = []) throws -> [[StoredValue]] {
    try query(sql, arguments).rows.map { row in
      var values: [StoredValue] = []
      values.reserveCapacity(row.count)
      for cell in row { values.append(try Self.storedValue(cell)) }
      return values
    }
  }

  /// Runs a statement and returns how many rows it changed.
  func run(_ sql: String, _ arguments: [StoredValue]) throws -> Int {
    try query(sql, arguments).metadata.rows ?? 0
  }

  /// Sends every run before waiting for the first answer: the server answers them in order,
  /// and this thread wakes once per batch instead of once per row.
  func run(_ sql: String, batch: [[StoredValue]]) throws -> [Int] {
    let futures = batch.map { arguments in
      connection.query(
        PostgresQuery(unsafeSQL: sql, binds: Self.bindings(arguments)), logger: logger)
    }
    var counts: [Int] = []
    counts.reserveCapacity(futures.count)
    var failure: (any Error)?
    for (index, future) in futures.enumerated() {
      do {
        let result = try answer(future)
        if failure == nil { counts.append(result.metadata.rows ?? 0) }
      } catch {
        guard failure == nil else { continue }
        failure = Self.engineError(error, sql: sql, arguments: batch[index])
      }
    }
    if let failure { throw failure }
    return counts
  }

  /// Runs a statement whose result does not matter.
  func execute(_ sql: String, _ arguments: [StoredValue] = []) throws {
    _ = try query(sql, arguments)
  }

  /// The objects the `SELECT` of ``TableInfo/selectColumns`` in `sql` reads, each decoded
  /// from its row's cells in place.
  func fetch<Root: Entity>(
    _ type: Root.Type, sql: String, arguments: [StoredValue], table: TableInfo
  ) throws -> StoredRows<Root> {
    let decode = Self.objectReader(Root.self, table: table)
    let rows = try query(sql, arguments).rows
    var objects = StoredRows<Root>()
    objects.values.reserveCapacity(rows.count)
    objects.versions.reserveCapacity(rows.count)
    for row in rows {
      let cells = PostgresCells(row)
      do {
        objects.values.append(try decode(cells))
        objects.versions.append(Version(try cells.int64(atIndex: 1)))
      } catch let error as PersistenceError {
        throw error
      } catch {
        throw PersistenceError.decoding(entity: table.name, reason: "\(error)")
      }
    }
    return objects
  }

  /// The objects a request describes.
  func fetch<Root: Entity>(
    _ request: FetchRequest<Root>, table: TableInfo, limit: Int?, offset: Int
  ) throws -> StoredRows<Root> {
    let query = SelectQuery(request, table: table, limit: limit, offset: offset, dialect: .postgres)
    return try fetch(Root.self, sql: query.sql, arguments: query.arguments, table: table)
  }

  /// The rows a request describes, each handed to `body` in place
  /// (``ReadTransaction/forEachRow(_:_:)``).
  func forEachRow<Root: Entity>(
    _ request: FetchRequest<Root>, table: TableInfo, _ body: (StoredRow<Root>) throws -> Void
  ) throws {
    let query = SelectQuery(
      request, table: table, limit: request.limit, offset: request.offset, dialect: .postgres)
    let cursor = ColumnCursor()
    for row in try self.query(query.sql, query.arguments).rows {
      cursor.next = 2
      try body(StoredRow(source: .postgres(PostgresCells(row)), table: table, cursor: cursor))
    }
  }

  // MARK: - Conversions

  private func query(_ sql: String, _ arguments: [StoredValue]) throws -> PostgresQueryResult {
    do {
      return try answer(
        connection.query(
          PostgresQuery(unsafeSQL: sql, binds: Self.bindings(arguments)), logger: logger))
    } catch {
      throw Self.engineError(error, sql: sql, arguments: arguments)
    }
  }

  /// Waits for a statement's answer, or for the connection to close.
  ///
  /// postgres-nio fails the statements it has sent when the connection closes, but a statement
  /// written once the channel has closed (the pool may lend a connection the server has just
  /// ended) never reaches its handler, and its answer would never come. So the wait looks at
  /// the connection every ``closedCheckInterval``: once it is closed, no answer is coming.
  private func answer<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Protected<Result<T, any Error>?>(nil)
    future.whenComplete { answer in
      result.withLock { $0 = answer }
      done.signal()
    }
    while done.wait(timeout: .now() + Self.closedCheckInterval) == .timedOut {
      if connection.isClosed, result.withLock({ $0 }) == nil {
        throw PersistenceError.unavailable("the connection to the server closed")
      }
    }
    return try result.withLock { $0 }!.get()
  }

  /// How often a wait for an answer looks whether the connection has closed.
  static let closedCheckInterval = DispatchTimeInterval.milliseconds(500)

  /// The arguments bound, each as the type of its storage class.
  private static func bindings(_ arguments: [StoredValue]) -> PostgresBindings {
    var bindings = PostgresBindings(capacity: arguments.count)
    for argument in arguments {
      switch argument {
      case .null: bindings.appendNull()
      case .integer(let value): bindings.append(value)
      case .real(let value): bindings.append(value)
      case .text(let value): bindings.append(value)
      case .blob(let value): bindings.append(ByteBuffer(bytes: value))
      }
    }
    return bindings
  }

  /// A stored value from a result cell, by the column's type.
  static func storedValue(_ cell: PostgresCell) throws -> StoredValue {
    guard cell.bytes != nil else { return .null }
    switch cell.dataType {
    case .int8, .int4, .int2: return .integer(try cell.decode(Int64.self))
    case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
    case .float8, .float4: return .real(try cell.decode(Double.self))
    case .bytea:
      let buffer = try cell.decode(ByteBuffer.self)
      return .blob(Data(buffer.readableBytesView))
    case .void: return .null
    default: return .text(try cell.decode(String.self))
    }
  }

  /// How a row's cells become an object: ``RowDecodable/init(row:)`` when the entity has it,
  /// `Decodable` otherwise.
  static func objectReader<Root: Entity>(
    _ type: Root.Type, table: TableInfo
  ) -> (PostgresCells) throws -> Root {
    guard let readable = Root.self as? any RowDecodable.Type else {
      return { cells in try Root(from: StoredRowDecoder(row: cells, table: table)) }
    }
    return reader(readable, as: Root.self, table)
  }

  /// The reader of `Object`, typed as the reader of `Root`, which is the same type: one cast
  /// of the function, not one of every object it reads.
  private static func reader<Object: RowDecodable, Root>(
    _ type: Object.Type, as root: Root.Type, _ table: TableInfo
  ) -> (PostgresCells) throws -> Root {
    let cursor = ColumnCursor()
    let read: (PostgresCells) throws -> Object = { cells in
      cursor.next = 2
      return try Object(row: StoredRow(source: .postgres(cells), table: table, cursor: cursor))
    }
    return read as! (PostgresCells) throws -> Root
  }

  /// An engine error, or `unavailable` when the connection is gone.
  static func engineError(_ error: any Error, sql: String?, arguments: [StoredValue]) -> any Error {
    guard let error = error as? PSQLError else { return error }
    if let server = error.serverInfo {
      let state = server[.sqlState] ?? ""
      let message = server[.message] ?? "\(error)"
      // Class 08 is a connection exception, 57P0x the server shutting down.
      if state.hasPrefix("08") || state.hasPrefix("57P") {
        return PersistenceError.unavailable(message)
      }
      return EngineError(
        code: Int(state) ?? -1, message: "\(message) (SQLSTATE \(state))", sql: sql,
        arguments: arguments)
    }
    return PersistenceError.unavailable(Self.describe(error))
  }

  /// A person's description of a client-side error (a closed or refused connection).
  static func describe(_ error: PSQLError) -> String {
    switch error.code {
    case .connectionError: "the connection to the server failed"
    case .serverClosedConnection, .uncleanShutdown: "the server closed the connection"
    case .clientClosedConnection: "the connection was closed"
    default: "\(error.code)"
    }
  }
}
