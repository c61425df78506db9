import Foundation

/// Runs one write statement of a commit on an engine's connection.
protocol StatementRunner {
  var dialect: SQLDialect { get }

  /// Runs `sql` with `arguments` and returns how many rows it changed.
  ///
  /// - Throws: `EngineError` (or `PersistenceError.unavailable`).
  func run(_ sql: String, _ arguments: [StoredValue]) throws -> Int

  /// Runs `sql` once per element of `batch`, in order, and returns how many rows each run
  /// changed. An engine that talks to a server sends them all before it waits for the first
  /// answer; the first failure is thrown.
  func run(_ sql: String, batch: [[StoredValue]]) throws -> [Int]
}

extension StatementRunner {
  func run(_ sql: String, batch: [[StoredValue]]) throws -> [Int] {
    try batch.map { try run(sql, $0) }
  }
}

/// A write found the object's row with another version than the one it was based on, gone,
/// or (an insert) already there. The transaction turns it into
/// ``PersistenceError/conflict(entity:id:current:)`` with the version the row has.
struct VersionMismatch: Error {
  var id: UUID
}

/// Writes batches inside the commit's transaction, on either engine.
///
/// Updates and deletes name the version the context read: `WHERE id = ? AND version = ?`. A
/// statement that changes no row means someone else changed or deleted the object, which fails
/// the whole commit with ``VersionMismatch``. An update that knows the row's values at that
/// version sets only the columns that change (and the version).
struct StatementBatchWriter<Runner: StatementRunner>: BatchWriter {
  let runner: Runner
  let tables: [ObjectIdentifier: TableInfo]

  func write<Root: Entity>(_ batch: EntityBatch<Root>) throws -> CommittedChanges<Root> {
    let table = try tables.table(for: Root.self)
    let statements = table.statements(runner.dialect)
    let attributes = Root.attributes
    var committed = CommittedChanges<Root>()
    var values: [StoredValue] = []
    values.reserveCapacity(attributes.count + 2)

    committed.inserted.reserveCapacity(batch.inserts.count)
    var rows: [[StoredValue]] = []
    rows.reserveCapacity(batch.inserts.count)
    for (index, object) in batch.inserts.enumerated() {
      var values: [StoredValue] = []
      values.reserveCapacity(attributes.count + 2)
      values.append(object.id.storedValue)
      for attribute in attributes { values.append(attribute.read(object)) }
      // A new object starts at version 1, or at the version it carries (an import keeps the
      // versions of its source), or at the version a copied row had.
      let version =
        batch.insertVersions?[index]
        ?? max(.initial, Root.carriedVersion(of: object) ?? .initial)
      values.append(.integer(version.rawValue))
      rows.append(values)
      committed.inserted.append(
        Stored(value: Root.stamped(object, version: version), version: version))
    }
    if !rows.isEmpty {
      // An insert whose identifier is taken writes nothing (`ON CONFLICT DO NOTHING`) rather
      // than failing: PostgreSQL would abort the transaction, and the conflict could not read
      // the version the object has.
      let counts = try runner.run(statements.insert, batch: rows)
      if let taken = counts.firstIndex(where: { $0 != 1 }) {
        throw VersionMismatch(id: batch.inserts[taken].id)
      }
    }

    for update in batch.updates {
      values.removeAll(keepingCapacity: true)
      let sql: String
      if let previous = update.previous {
        // Only the changed columns: SQLite rewrites every index that covers a column an
        // `UPDATE` sets, whether its value changed or not, and each rewritten index page is
        // one more page in the WAL: a todo's title edit rewrote its six indexes.
        var changed: [String] = []
        for attribute in attributes {
          let value = attribute.read(update.value)
          guard value != attribute.read(previous) else { continue }
          values.append(value)
          changed.append(attribute.name)
        }
        sql =
          changed.count == attributes.count
          ? statements.update
          : TableInfo.Statements.update(
            table: table.name, setting: changed, dialect: runner.dialect)
      } else {
        for attribute in attributes { values.append(attribute.read(update.value)) }
        sql = statements.update
      }
      values.append(update.value.id.storedValue)
      values.append(.integer(update.baseVersion.rawValue))
      guard try runner.run(sql, values) == 1 else {
        throw VersionMismatch(id: update.value.id)
      }
      let version = update.baseVersion.next
      committed.updated.append(
        Stored(value: Root.stamped(update.value, version: version), version: version))
    }

    for delete in batch.deletes {
      values.removeAll(keepingCapacity: true)
      values.append(delete.id.storedValue)
      values.append(.integer(delete.baseVersion.rawValue))
      guard try runner.run(statements.delete, values) == 1 else {
        throw VersionMismatch(id: delete.id)
      }
      committed.deleted.append(delete.id)
    }
    return committed
  }
}
