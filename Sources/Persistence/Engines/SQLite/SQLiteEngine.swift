import Foundation
import GRDB
import Synchronization

/// The SQLite engine: a GRDB connection pool in WAL mode (or one in-memory connection).
///
/// Reads run on reader connections, each in one snapshot. Writes run on the single writer, in
/// one `BEGIN IMMEDIATE` transaction each, which holds SQLite's write lock from its first
/// statement: a version checked inside it cannot change before the commit, in this process or
/// any other. Every commit appends its change records (``ChangeLog``) in the same transaction.
///
/// Publication happens on the writer right after the commit, so observers receive changes in
/// store order: records another process committed in between are published first (read from
/// the change log, with the objects they name), then this commit's.
final class SQLiteEngine: StorageEngine {
  let location: String
  let writer: any DatabaseWriter
  let tables: [ObjectIdentifier: TableInfo]
  let entities: [ObjectIdentifier: any Entity.Type]
  /// The last sequence published, and the last `PRAGMA data_version` seen. Only changed on the
  /// writer's queue.
  private let published: Mutex<Published>
  private let isClosed = Mutex(false)
  private let publish: @Sendable (ChangeHub.Event) -> Void

  struct Published {
    var sequence: Int64
    var dataVersion: Int64?
  }

  init(
    location: String, writer: any DatabaseWriter, tables: [ObjectIdentifier: TableInfo],
    entities: [any Entity.Type], sequence: Int64,
    publish: @escaping @Sendable (ChangeHub.Event) -> Void
  ) {
    self.location = location
    self.writer = writer
    self.tables = tables
    self.entities = .init(byType: entities)
    self.published = Mutex(Published(sequence: sequence, dataVersion: nil))
    self.publish = publish
  }

  // MARK: - Reading

  func fetch<Root: Entity>(
    _ request: FetchRequest<Root>, limit: Int?, offset: Int
  ) async throws -> StoredRows<Root> {
    let table = try tables.table(for: Root.self)
    try checkOpen()
    do {
      return try readNow { db in
        try Self.fetch(db, request, table: table, limit: limit, offset: offset)
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  func fetchSequenced<Root: Entity>(
    _ request: FetchRequest<Root>
  ) async throws -> (objects: [Stored<Root>], sequence: ChangeSequence) {
    let table = try tables.table(for: Root.self)
    try checkOpen()
    do {
      // On the calling thread, as every read: GRDB's async read holds its reader across an
      // await that needs a cooperative thread to resume, so with the threads all waiting
      // for a reader in synchronous reads, nothing would ever give one back.
      return try readNow { db in
        let sequence = try ChangeLog.lastSequence(db)
        let objects = try Self.fetch(
          db, request, table: table, limit: request.limit, offset: request.offset)
        return (objects.stored, ChangeSequence(stored: sequence))
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T) async throws
    -> T
  {
    let tables = self.tables
    try checkOpen()
    do {
      return try readNow { db in try body(ReadTransaction(connection: .sqlite(db), tables: tables))
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  /// Runs `body` in a read snapshot on the calling thread.
  ///
  /// A read of a request's size is CPU work of a few hundred microseconds at most (the file
  /// is in the page cache, WAL readers never wait for the writer): done where the request
  /// already runs, it saves two thread hops, a third of a list read's cost when GRDB's async
  /// `read` sent it to a reader's dispatch queue and back (BENCHMARKS.md). Only a
  /// pool has concurrent readers; a queue (in-memory stores) reads on its queue.
  private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
    if let pool = writer as? DatabasePool {
      return try pool.unsafeRead { db in try Self.inSnapshot(db, body) }
    }
    return try writer.read(body)
  }

  /// Runs `body` in a deferred transaction that prepared statements begin and end: the same
  /// snapshot as GRDB's `read`, which prepares its `BEGIN` and `COMMIT` again for every read
  /// (3.5% of a list read's CPU, BENCHMARKS.md). Left by `COMMIT`, or by `ROLLBACK`
  /// if the commit fails, so the reader goes back to the pool outside any transaction.
  static func inSnapshot<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
    defer {
      do {
        try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
      } catch {
        try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
      }
    }
    return try body(db)
  }

  static func fetch<Root: Entity>(
    _ db: Database, _ request: FetchRequest<Root>, table: TableInfo, limit: Int?, offset: Int
  ) throws -> StoredRows<Root> {
    let query = SelectQuery(request, table: table, limit: limit, offset: offset, dialect: .sqlite)
    return try fetch(db, Root.self, sql: query.sql, arguments: query.arguments, table: table)
  }

  /// The objects the `SELECT` of ``TableInfo/selectColumns`` in `sql` reads with `arguments`.
  static func fetch<Root: Entity>(
    _ db: Database, _ type: Root.Type, sql: String, arguments: [StoredValue], table: TableInfo
  ) throws -> StoredRows<Root> {
    do {
      let statement = try db.cachedStatement(sql: sql)
      statement.setUncheckedArguments(StatementArguments(stored: arguments))
      let sqliteStatement = statement.sqliteStatement
      var objects = StoredRows<Root>()
      guard let read = rowReader(Root.self, statement: sqliteStatement, table: table) else {
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
          objects.values.append(
            try decoding(table) { try Root(from: StoredRowDecoder(row: row, table: table)) })
          objects.versions.append(try StoredRow<Root>.version(sqliteStatement))
        }
        return objects
      }
      try SQLiteRows.forEach(statement, in: db) {
        objects.values.append(try decoding(table, read))
        objects.versions.append(try StoredRow<Root>.version(sqliteStatement))
      }
      return objects
    } catch let error as DatabaseError {
      throw EngineError(error, arguments: arguments)
    }
  }

  /// The rows a request describes, each handed to `body` as the statement's current row
  /// (``ReadTransaction/forEachRow(_:_:)``).
  static func forEachRow<Root: Entity>(
    _ db: Database, _ request: FetchRequest<Root>, table: TableInfo,
    _ body: (StoredRow<Root>) throws -> Void
  ) throws {
    let query = SelectQuery(
      request, table: table, limit: request.limit, offset: request.offset, dialect: .sqlite)
    do {
      let statement = try db.cachedStatement(sql: query.sql)
      statement.setUncheckedArguments(StatementArguments(stored: query.arguments))
      let cursor = ColumnCursor()
      let row = StoredRow<Root>(
        source: .sqlite(statement.sqliteStatement), table: table, cursor: cursor)
      try SQLiteRows.forEach(statement, in: db) {
        cursor.next = 2
        try body(row)
      }
    } catch let error as DatabaseError {
      throw EngineError(error, arguments: query.arguments)
    }
  }

  /// An object `read` makes, its errors other than the store's said to be decoding errors.
  private static func decoding<Root>(_ table: TableInfo, _ read: () throws -> Root) throws
    -> Root
  {
    do {
      return try read()
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw PersistenceError.decoding(entity: table.name, reason: "\(error)")
    }
  }

  /// How the statement's current row becomes an object when the entity has
  /// ``RowDecodable/init(row:)``; `nil` for an entity read through `Decodable`.
  static func rowReader<Root: Entity>(
    _ type: Root.Type, statement: SQLiteStatement, table: TableInfo
  ) -> (() throws -> Root)? {
    guard let readable = Root.self as? any RowDecodable.Type else { return nil }
    return reader(readable, as: Root.self, statement, table)
  }

  /// The reader of `Object`, typed as the reader of `Root`, which is the same type: one cast
  /// of the function, not one of every object it reads.
  private static func reader<Object: RowDecodable, Root>(
    _ type: Object.Type, as root: Root.Type, _ statement: SQLiteStatement, _ table: TableInfo
  ) -> () throws -> Root {
    let cursor = ColumnCursor()
    let row = StoredRow<Object>(source: .sqlite(statement), table: table, cursor: cursor)
    let read: () throws -> Object = {
      cursor.next = 2
      return try Object(row: row)
    }
    return read as! () throws -> Root
  }

  // MARK: - Writing

  func write<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) throws -> T) async throws
    -> T
  {
    let tables = self.tables
    return try await transaction { db in
      try WriteTransaction.run(body, on: .sqlite(db), tables: tables)
    }.value
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction, appends the change records of what it
  /// wrote, commits, and publishes (after anything other processes committed before).
  private func transaction<T: Sendable>(
    _ body:
      @escaping @Sendable (Database) throws -> (T, [ObjectIdentifier: any AnyCommittedChanges])
  ) async throws -> (value: T, summary: CommitSummary) {
    try checkOpen()
    do {
      return try await writer.writeWithoutTransaction { db in
        var result: T?
        var changes: [ObjectIdentifier: any AnyCommittedChanges] = [:]
        var first: Int64 = 0
        var last: Int64 = 0
        try db.inTransaction(.immediate) {
          let (value, written) = try body(db)
          result = value
          changes = written.filter { $0.value.rowCount > 0 }
          for (_, committed) in changes.sorted(by: { $0.value.entityName < $1.value.entityName }) {
            let sequence = try ChangeLog.append(
              db, entity: committed.entityName, changes: committed)
            if first == 0 { first = sequence }
            last = sequence
          }
          return .commit
        }
        guard last > 0, let result else {
          let sequence = self.published.withLock { $0.sequence }
          return (result!, CommitSummary(sequence: ChangeSequence(stored: sequence), changes: [:]))
        }
        // Committed. Another process may have committed since our last publication: its
        // records come first, so that observers see the store's order.
        let previous = self.published.withLock { $0.sequence }
        if first > previous + 1 { try self.catchUp(db, before: first) }
        self.published.withLock { $0.sequence = last }
        let summary = CommitSummary(sequence: ChangeSequence(stored: last), changes: changes)
        self.publish(.commit(summary))
        return (result, summary)
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  // MARK: - Changes of other processes

  func catchUpExternalChanges() async throws {
    try checkOpen()
    do {
      try await writer.writeWithoutTransaction { db in
        // `data_version` changes only when another connection commits.
        let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let changed = self.published.withLock { published in
          defer { published.dataVersion = version }
          return published.dataVersion.map { $0 != version } ?? false
        }
        if changed { try self.catchUp(db, before: nil) }
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  /// Publishes the records after the last published sequence (and before `limit`), with the
  /// current state of every object they name. Runs on the writer, outside a transaction.
  private func catchUp(_ db: Database, before limit: Int64?) throws {
    let after = published.withLock { $0.sequence }
    try db.inTransaction(.deferred) {
      guard var records = try ChangeLog.records(db, after: after) else {
        // Pruned past what we published: observers refetch.
        let last = try ChangeLog.lastSequence(db)
        published.withLock { $0.sequence = limit.map { $0 - 1 } ?? last }
        persistenceLogger.info("change records pruned past sequence \(after): refetching")
        publish(.external)
        return .commit
      }
      if let limit { records.removeAll { $0.sequence >= limit } }
      guard let newest = records.last?.sequence else { return .commit }
      let changes = try SQLiteStoredReader(db: db, tables: tables).currentState(
        of: records, entities: entities)
      published.withLock { $0.sequence = newest }
      publish(.commit(CommitSummary(sequence: ChangeSequence(stored: newest), changes: changes)))
      return .commit
    }
  }

  // MARK: - Closing

  func close() throws {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    do {
      if let pool = writer as? DatabasePool {
        // Everything into the database file itself, even when a read still in flight keeps
        // its connection (and so the log) open past this close: a closed store is one file,
        // which a copy takes whole.
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try pool.close()
      } else if let queue = writer as? DatabaseQueue {
        try queue.close()
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  private func checkOpen() throws {
    if isClosed.withLock({ $0 }) { throw PersistenceError.containerClosed }
  }

}

/// Reads on SQLite's writer connection.
struct SQLiteStoredReader: StoredReader {
  let db: Database
  let tables: [ObjectIdentifier: TableInfo]

  func stored<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Stored<Root>] {
    let table = try tables.table(for: Root.self)
    return try SQLiteEngine.fetch(db, request, table: table, limit: nil, offset: 0).stored
  }
}
