import Foundation
import GRDB

extension ReadTransaction {
  /// The store's change sequence as this transaction sees it: every commit up to it, and none
  /// after, is in the transaction's snapshot.
  ///
  /// A sync client keeps it as its token (a CalDAV `sync-token`) and later asks
  /// ``changedIdentifiers(of:after:)`` what changed since; the number is the same for every
  /// process and server that shares the store, and survives restarts.
  public func changeSequence() throws -> ChangeSequence {
    switch connection {
    case .sqlite(let db): ChangeSequence(stored: try ChangeLog.lastSequence(db))
    case .postgres(let session): ChangeSequence(stored: try PostgresChangeLog.lastSequence(session))
    }
  }

  /// The identifiers of the objects of `type` inserted, updated or deleted by the commits
  /// after `sequence` (up to ``changeSequence()``), or `nil` when the store no longer keeps
  /// the records of all of them (they are pruned past the last 20,000) or `sequence` is not
  /// one this store has reached: the reader starts over from a full read.
  public func changedIdentifiers<Root: Entity>(of type: Root.Type, after sequence: ChangeSequence)
    throws -> Set<UUID>?
  {
    try changedIdentifiers(of: [type], after: sequence)?[Root.entityName]
  }

  /// The identifiers of the objects of each of `types` touched after `sequence`, by entity
  /// name (every name present, an empty set for an entity nothing touched), read from the
  /// change records once; `nil` as for ``changedIdentifiers(of:after:)``.
  public func changedIdentifiers(of types: [any Entity.Type], after sequence: ChangeSequence)
    throws -> [String: Set<UUID>]?
  {
    guard let after = sequence.stored else { return nil }
    let records: [ChangeLog.Record]?
    switch connection {
    case .sqlite(let db):
      guard after <= (try ChangeLog.lastSequence(db)) else { return nil }
      records = try ChangeLog.records(db, after: after)
    case .postgres(let session):
      guard after <= (try PostgresChangeLog.lastSequence(session)) else { return nil }
      records = try PostgresChangeLog.records(session, after: after)
    }
    guard let records else { return nil }
    var ids: [String: Set<UUID>] = [:]
    for type in types { ids[type.entityName] = [] }
    for record in records where ids[record.entity] != nil {
      ids[record.entity]!.formUnion(record.touched)
    }
    return ids
  }
}

extension PersistentContainer {
  /// Drops the change records up to and including `sequence`: readers that remember a
  /// sequence before it start over from a full read (``ReadTransaction/changedIdentifiers(of:after:)``
  /// says `nil`), as they do past the newest 20,000 records. What a store's history keeps is
  /// bounded this way by time as well as by count.
  ///
  /// - Returns: How many records were dropped.
  @discardableResult
  public func pruneChangeRecords(through sequence: ChangeSequence) async throws -> Int {
    guard let through = sequence.stored, through > 0 else { return 0 }
    return try await write { transaction in
      try transaction.deleteChangeRecords(through: through)
    }
  }
}

extension WriteTransaction {
  fileprivate func deleteChangeRecords(through sequence: Int64) throws -> Int {
    switch connection {
    case .sqlite(let db):
      try db.execute(
        sql: "DELETE FROM persistence_changes WHERE sequence <= ?", arguments: [sequence])
      return db.changesCount
    case .postgres(let session):
      return try session.rows(
        "DELETE FROM persistence_changes WHERE sequence <= $1 RETURNING sequence",
        [.integer(sequence)]
      ).count
    }
  }
}
