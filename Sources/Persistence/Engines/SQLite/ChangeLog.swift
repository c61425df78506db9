import Foundation
import GRDB

/// The store's change records: one row per committed entity batch, numbered store-wide.
///
/// Every commit appends, in its own transaction, the identifiers it inserted, updated and
/// deleted for each entity. The row's `sequence` is the store's change sequence: it grows
/// across every process that writes the file, so a process that sees a sequence it did not
/// write knows exactly which objects another process touched, reads only those, and applies
/// them to its observations incrementally.
///
/// Records older than ``retained`` sequences are pruned; a reader that fell further behind
/// refetches instead.
enum ChangeLog {
  /// How many recent records are kept.
  static let retained: Int64 = 20_000
  /// Pruning runs when a sequence is a multiple of this.
  static let pruneEvery: Int64 = 512

  /// One entity's identifiers in one record.
  struct Record: Equatable, Sendable {
    var sequence: Int64
    var entity: String
    var touched: [UUID]
  }

  static let createSQL = """
    CREATE TABLE IF NOT EXISTS persistence_changes (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT, entity TEXT NOT NULL,
      inserted BLOB NOT NULL, updated BLOB NOT NULL, deleted BLOB NOT NULL)
    """

  /// Appends the record of one entity's committed changes, inside the commit's transaction.
  ///
  /// - Returns: The record's sequence.
  static func append(_ db: Database, entity: String, changes: any AnyCommittedChanges) throws
    -> Int64
  {
    let statement = try db.cachedStatement(
      sql:
        "INSERT INTO persistence_changes (entity, inserted, updated, deleted) VALUES (?, ?, ?, ?)"
    )
    try statement.execute(arguments: [
      entity, pack(changes.insertedIDs), pack(changes.updatedIDs), pack(changes.deletedIDs),
    ])
    let sequence = db.lastInsertedRowID
    if sequence % pruneEvery == 0 {
      try db.execute(
        sql: "DELETE FROM persistence_changes WHERE sequence <= ?",
        arguments: [sequence - retained])
    }
    return sequence
  }

  /// The newest sequence in the store (0 for a new store).
  static func lastSequence(_ db: Database) throws -> Int64 {
    // AUTOINCREMENT keeps the high-water mark in sqlite_sequence even after pruning.
    try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'persistence_changes'")
    ) ?? 0
  }

  /// The records after `sequence`, oldest first, or `nil` if some of them were pruned.
  static func records(_ db: Database, after sequence: Int64) throws -> [Record]? {
    let oldest = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT min(sequence) FROM persistence_changes"))
    if let oldest, oldest > sequence + 1 { return nil }
    if oldest == nil, try lastSequence(db) > sequence { return nil }
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: """
          SELECT sequence, entity, inserted, updated, deleted FROM persistence_changes
          WHERE sequence > ? ORDER BY sequence
          """), arguments: [sequence])
    var records: [Record] = []
    while let row = try rows.next() {
      let touched = unpack(row[2]) + unpack(row[3]) + unpack(row[4])
      records.append(Record(sequence: row[0], entity: row[1], touched: touched))
    }
    return records
  }

  /// Identifiers as one blob of 16-byte UUIDs.
  static func pack(_ ids: [UUID]) -> Data {
    var data = Data(capacity: ids.count * 16)
    for id in ids {
      withUnsafeBytes(of: id.uuid) { data.append(contentsOf: $0) }
    }
    return data
  }

  static func unpack(_ data: Data) -> [UUID] {
    var ids: [UUID] = []
    ids.reserveCapacity(data.count / 16)
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset + 16 <= raw.count {
        ids.append(UUID(uuidBytes: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 16])))
        offset += 16
      }
    }
    return ids
  }
}
