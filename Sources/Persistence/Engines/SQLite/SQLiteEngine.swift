import Foundation
import GRDB

/// The SQLite engine: a GRDB connection pool in WAL mode (or one in-memory connection).
///
/// Reads run on reader connections; commits run on the single writer, in one transaction each,
/// and are numbered in commit order. Change notification happens on the writer right after the
/// commit, so observers receive commits in order.
final class SQLiteEngine: StorageEngine {
  let location: String
  let writer: any DatabaseWriter
  let tables: [ObjectIdentifier: TableInfo]
  private let sequence = Protected<UInt64>(0)
  private let isClosed = Protected(false)
  private let onCommit: @Sendable (CommitSummary) -> Void

  init(
    location: String, writer: any DatabaseWriter, tables: [ObjectIdentifier: TableInfo],
    onCommit: @escaping @Sendable (CommitSummary) -> Void
  ) {
    self.location = location
    self.writer = writer
    self.tables = tables
    self.onCommit = onCommit
  }

  // MARK: - Reading

  func fetch<Root: Entity>(
    _ request: FetchRequest<Root>, limit: Int?, offset: Int
  ) async throws -> StoredRows<Root> {
    let table = try table(for: Root.self)
    try checkOpen()
    do {
      return try await writer.read { db in
        try Self.fetch(db, request, table: table, limit: limit, offset: offset)
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  func fetchSequenced<Root: Entity>(
    _ request: FetchRequest<Root>
  ) async throws -> (objects: [Stored<Root>], sequence: UInt64) {
    let table = try table(for: Root.self)
    try checkOpen()
    do {
      return try await writer.writeWithoutTransaction { db in
        let current = self.sequence.withLock { $0 }
        let objects = try Self.fetch(
          db, request, table: table, limit: request.limit, offset: request.offset)
        return (objects.stored, current)
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  private static func fetch<Root: Entity>(
    _ db: Database, _ request: FetchRequest<Root>, table: TableInfo, limit: Int?, offset: Int
  ) throws -> StoredRows<Root> {
    let query = SQLiteQuery(request, table: table, limit: limit, offset: offset)
    let arguments = query.arguments
    do {
      let statement = try db.cachedStatement(sql: query.sql)
      statement.setUncheckedArguments(StatementArguments(arguments.map(\.databaseValue)))
      var objects = StoredRows<Root>()
      let rows = try Row.fetchCursor(statement)
      while let row = try rows.next() {
        let decoder = SQLiteRowDecoder(row: row, table: table)
        let value: Root
        do {
          value = try Root(from: decoder)
        } catch let error as PersistenceError {
          throw error
        } catch {
          throw PersistenceError.decoding(entity: table.name, reason: "\(error)")
        }
        objects.values.append(value)
        objects.versions.append(row[1] as Int64)
      }
      return objects
    } catch let error as DatabaseError {
      throw EngineError(error, arguments: arguments)
    }
  }

  // MARK: - Writing

  func commit(_ batches: [any AnyEntityBatch]) async throws -> CommitSummary {
    let tables = self.tables
    try checkOpen()
    do {
      return try await writer.writeWithoutTransaction { db in
        var changes: [ObjectIdentifier: any AnyCommittedChanges] = [:]
        try db.inTransaction(.immediate) {
          let writer = SQLiteBatchWriter(db: db, tables: tables)
          for batch in batches {
            let committed = try batch.write(to: writer)
            changes[committed.entityType] = committed
          }
          return .commit
        }
        // Committed: number it and notify while still serialised with other commits.
        let number = self.sequence.withLock { value in
          value += 1
          return value
        }
        let summary = CommitSummary(sequence: number, changes: changes)
        self.onCommit(summary)
        return summary
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  func externalChangeToken() async throws -> Int64 {
    try checkOpen()
    do {
      return try await writer.writeWithoutTransaction { db in
        try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
      }
    } catch {
      throw EngineError.wrap(error)
    }
  }

  func close() throws {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    do {
      if let pool = writer as? DatabasePool {
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

  private func table<Root: Entity>(for type: Root.Type) throws -> TableInfo {
    guard let table = tables[ObjectIdentifier(type)] else {
      throw PersistenceError.unknownEntity(Root.entityName)
    }
    return table
  }
}
