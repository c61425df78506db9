import Foundation

/// Every object of every entity of a store, with its version, read in one transaction: what a
/// backup holds, and what a restore writes back, on either engine.
///
/// ```swift
/// let snapshot = try await live.snapshot()
/// let copy = try await PersistentContainer(.file(backupURL), entities: entities)
/// try await copy.replaceContents(with: snapshot)
/// ```
///
/// A snapshot is one consistent state: taken while other writers go on, it is the store as of
/// one commit, never half of one.
public struct StoreSnapshot: Sendable {
  /// The store's change sequence the snapshot was read at.
  public let sequence: ChangeSequence
  /// The rows of each entity, by entity name.
  fileprivate let tables: [any SnapshotTable]

  /// The number of objects of each entity, by entity name.
  public var counts: [String: Int] {
    Dictionary(uniqueKeysWithValues: tables.map { ($0.entityName, $0.count) })
  }

  /// The identifier and version of every object, by entity name: what two snapshots compare
  /// to tell whether they hold the same objects at the same versions.
  public var identities: [String: [UUID: Version]] {
    Dictionary(uniqueKeysWithValues: tables.map { ($0.entityName, $0.identities) })
  }

  /// The same snapshot without the objects of the entities named in `names` (a backup leaves
  /// out what only makes sense where it was made).
  public func excluding(_ names: Set<String>) -> StoreSnapshot {
    StoreSnapshot(
      sequence: sequence,
      tables: tables.map { names.contains($0.entityName) ? $0.emptied() : $0 })
  }

  /// Every object of entity `type` in the snapshot.
  public func objects<Root: Entity>(_ type: Root.Type) -> [Root] {
    for table in tables {
      if let table = table as? Table<Root> { return table.values }
    }
    return []
  }
}

/// One entity's rows in a snapshot.
private protocol SnapshotTable: Sendable {
  var entityName: String { get }
  var count: Int { get }
  var identities: [UUID: Version] { get }
  /// The same table without rows.
  func emptied() -> any SnapshotTable
  /// Deletes every row of the entity that `transaction` sees.
  static func deleteAll(in transaction: WriteTransaction) throws
  /// Inserts the rows at their versions.
  func insert(in transaction: WriteTransaction) throws
}

private struct Table<Root: Entity>: SnapshotTable {
  var values: [Root]
  var versions: [Version]

  var entityName: String { Root.entityName }
  var count: Int { values.count }
  var identities: [UUID: Version] {
    Dictionary(zip(values.map(\.id), versions)) { first, _ in first }
  }

  func emptied() -> any SnapshotTable {
    Table(values: [], versions: [])
  }

  static func read(_ transaction: ReadTransaction) throws -> Table {
    let rows = try transaction.fetchStored(FetchRequest<Root>())
    return Table(values: rows.values, versions: rows.versions.map { $0 ?? .initial })
  }

  static func deleteAll(in transaction: WriteTransaction) throws {
    let rows = try transaction.fetchStored(FetchRequest<Root>())
    guard !rows.values.isEmpty else { return }
    var batch = EntityBatch<Root>()
    batch.deletes = zip(rows.values, rows.versions).map { value, version in
      EntityBatch.Delete(id: value.id, baseVersion: version ?? .initial)
    }
    try transaction.write(batch)
  }

  func insert(in transaction: WriteTransaction) throws {
    guard !values.isEmpty else { return }
    var batch = EntityBatch<Root>()
    batch.inserts = values
    batch.insertVersions = versions
    try transaction.write(batch)
  }
}

extension PersistentContainer {
  /// How far a restore moves the store's change sequence past the snapshot's: further than
  /// any store goes between a backup and its restore, so that every sync token or revision a
  /// client holds from before the restore is one the store no longer keeps the changes after,
  /// and the client reads everything again instead of trusting a history that was replaced.
  static let restoreSequenceGap: Int64 = 1 << 32

  /// Reads every object of every entity, with its version, in one read transaction.
  public func snapshot() async throws -> StoreSnapshot {
    let entities = core.entities.values.sorted { $0.entityName < $1.entityName }
    return try await read { transaction in
      func table<Root: Entity>(_ type: Root.Type) throws -> any SnapshotTable {
        try Table<Root>.read(transaction)
      }
      return StoreSnapshot(
        sequence: try transaction.changeSequence(),
        tables: try entities.map { try table($0) })
    }
  }

  /// Replaces everything the store holds with the snapshot's objects, at their versions, in
  /// one write transaction: the store is left as it was or as the snapshot says, never in
  /// between. Observers see every object deleted and inserted. The change sequence moves
  /// past the snapshot's by ``restoreSequenceGap`` and earlier change records are dropped,
  /// so readers that remember a sequence start over.
  ///
  /// - Returns: The number of objects written, by entity name.
  @discardableResult
  public func replaceContents(with snapshot: StoreSnapshot) async throws -> [String: Int] {
    let entities = core.entities.values.sorted { $0.entityName < $1.entityName }
    let names = Set(entities.map { $0.entityName })
    let foreign = snapshot.tables.map(\.entityName).filter { !names.contains($0) }
    guard foreign.isEmpty else {
      throw PersistenceError.unknownEntity(foreign.sorted().joined(separator: ", "))
    }
    let floor = Int64(clamping: snapshot.sequence.rawValue)
    try await write { transaction in
      func deleteAll<Root: Entity>(_ type: Root.Type) throws {
        try Table<Root>.deleteAll(in: transaction)
      }
      for entity in entities { try deleteAll(entity) }
      try transaction.restartChangeLog(after: floor + Self.restoreSequenceGap)
      for table in snapshot.tables { try table.insert(in: transaction) }
    }
    return snapshot.counts
  }
}

extension WriteTransaction {
  /// Drops every change record and moves the store's sequence to at least `sequence`, so
  /// that this transaction's records come after it.
  fileprivate func restartChangeLog(after sequence: Int64) throws {
    switch connection {
    case .sqlite(let db):
      let current = try ChangeLog.lastSequence(db)
      try db.execute(sql: "DELETE FROM persistence_changes")
      try db.execute(
        sql: "DELETE FROM sqlite_sequence WHERE name = 'persistence_changes'")
      try db.execute(
        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('persistence_changes', ?)",
        arguments: [max(current, sequence)])
    case .postgres(let session):
      let current = try PostgresChangeLog.lastSequence(session)
      try session.execute("DELETE FROM persistence_changes")
      try session.execute(
        "UPDATE persistence_state SET sequence = $1 WHERE id = 1",
        [.integer(max(current, sequence))])
    }
  }
}
