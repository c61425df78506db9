import GRDB

/// Writes batches inside the commit's transaction, through one cached prepared statement per
/// entity and operation.
///
/// Updates and deletes name the version the context read: `WHERE id = ? AND version = ?`. A
/// statement that changes no row means someone else changed or deleted the object, which fails
/// the whole commit with `PersistenceError.conflict`.
struct SQLiteBatchWriter: BatchWriter {
  let db: Database
  let tables: [ObjectIdentifier: TableInfo]

  func write<Root: Entity>(_ batch: EntityBatch<Root>) throws -> CommittedChanges<Root> {
    guard let table = tables[ObjectIdentifier(Root.self)] else {
      throw PersistenceError.unknownEntity(Root.entityName)
    }
    let attributes = Root.attributes
    var committed = CommittedChanges<Root>()
    var values: [DatabaseValue] = []
    values.reserveCapacity(attributes.count + 2)

    if !batch.inserts.isEmpty {
      let statement = try db.cachedStatement(sql: table.insertSQL)
      committed.inserted.reserveCapacity(batch.inserts.count)
      for object in batch.inserts {
        values.removeAll(keepingCapacity: true)
        values.append(object.id.storedValue.databaseValue)
        for attribute in attributes { values.append(attribute.read(object).databaseValue) }
        // A new object starts at version 1, or at the version it carries (an import keeps
        // the versions of its source).
        let version = max(1, Root.carriedVersion(of: object) ?? 1)
        values.append(version.databaseValue)
        do {
          try statement.execute(arguments: StatementArguments(values))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
          if error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
            || error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE,
            error.message?.contains(".id") == true
          {
            throw PersistenceError.conflict(entity: Root.entityName, id: object.id)
          }
          throw EngineError(error, arguments: values.map(StoredValue.init))
        }
        committed.inserted.append(
          Stored(value: Root.stamped(object, version: version), version: version))
      }
    }

    if !batch.updates.isEmpty {
      let statement = try db.cachedStatement(sql: table.updateSQL)
      for update in batch.updates {
        values.removeAll(keepingCapacity: true)
        for attribute in attributes { values.append(attribute.read(update.value).databaseValue) }
        values.append(update.value.id.storedValue.databaseValue)
        values.append(update.baseVersion.databaseValue)
        try execute(statement, values)
        guard db.changesCount == 1 else {
          throw PersistenceError.conflict(entity: Root.entityName, id: update.value.id)
        }
        let version = update.baseVersion + 1
        committed.updated.append(
          Stored(value: Root.stamped(update.value, version: version), version: version))
      }
    }

    if !batch.deletes.isEmpty {
      let statement = try db.cachedStatement(sql: table.deleteSQL)
      for delete in batch.deletes {
        values.removeAll(keepingCapacity: true)
        values.append(delete.id.storedValue.databaseValue)
        values.append(delete.baseVersion.databaseValue)
        try execute(statement, values)
        guard db.changesCount == 1 else {
          throw PersistenceError.conflict(entity: Root.entityName, id: delete.id)
        }
        committed.deleted.append(delete.id)
      }
    }
    return committed
  }

  private func execute(_ statement: Statement, _ values: [DatabaseValue]) throws {
    do {
      try statement.execute(arguments: StatementArguments(values))
    } catch let error as DatabaseError {
      throw EngineError(error, arguments: values.map(StoredValue.init))
    }
  }
}
