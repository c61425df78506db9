import Foundation

/// One write to the store, all or nothing: reads and writes in a single transaction that
/// holds the store's write lock from its first statement (`BEGIN IMMEDIATE` on SQLite).
///
/// What a transaction reads cannot change before it commits, in this process or in any other
/// process on the same file, so a version it checks is the version it overwrites. No
/// process-local lock is needed. Changes are written as they are made; when the body returns,
/// the transaction commits, appends its change records and publishes them to every
/// observation. When the body throws, nothing is written.
///
/// Obtain one from ``PersistentContainer/write(_:)``:
///
/// ```swift
/// let done = try await container.write { tx in
///   guard var todo = try tx.object(Todo.self, id: id) else { throw NotFound() }
///   todo.done = true
///   return try tx.update(todo, expectedVersion: version)
/// }
/// ```
///
/// A transaction runs synchronously on the store's writer: keep its body short and never
/// wait in it for anything but the store.
public final class WriteTransaction: ReadTransaction, BatchWriter {
  /// What the transaction wrote, per entity.
  private(set) var committed: [ObjectIdentifier: any AnyCommittedChanges] = [:]

  // MARK: - Writing

  /// Inserts a new object (version 1).
  ///
  /// - Returns: The object as stored (its ``Entity/storeVersion`` set to 1).
  /// - Throws: `PersistenceError.conflict` if the identifier is taken.
  @discardableResult
  public func insert<Root: Entity>(_ object: Root) throws -> Root {
    var batch = EntityBatch<Root>()
    batch.inserts = [object]
    let written = try write(batch)
    return written.inserted[0].value
  }

  /// Writes an object's new values. The row must still have the version the object was read
  /// at: `expectedVersion`, else the object's ``Entity/storeVersion``, else the version this
  /// transaction reads now.
  ///
  /// - Returns: The object as stored, with its new version.
  /// - Throws: `PersistenceError.conflict` if the row has another version or is gone.
  @discardableResult
  public func update<Root: Entity>(_ object: Root, expectedVersion: Version? = nil) throws
    -> Root
  {
    try update(object, expectedVersion: expectedVersion, previous: nil)
  }

  /// Writes an object's new values like ``update(_:expectedVersion:)``, setting only the columns
  /// whose values differ from `previous`: the same object as its row holds it at the version
  /// the write is based on (read in this transaction, or carrying that version).
  ///
  /// A store rewrites every index that covers a column an update sets, changed or not; an edit
  /// of one field then costs what an edit of every field costs. When `previous` does not carry
  /// the version the write is based on (or is another object), every column is written.
  ///
  /// - Returns: The object as stored, with its new version.
  /// - Throws: `PersistenceError.conflict` if the row has another version or is gone.
  @discardableResult
  public func update<Root: Entity>(
    _ object: Root, from previous: Root, expectedVersion: Version? = nil
  ) throws -> Root {
    try update(object, expectedVersion: expectedVersion, previous: previous)
  }

  /// Both updates: `previous` is used only when it is the same object at the base version.
  private func update<Root: Entity>(
    _ object: Root, expectedVersion: Version?, previous: Root?
  ) throws -> Root {
    let base = try baseVersion(of: object, expected: expectedVersion)
    let known = previous.flatMap { previous in
      previous.id == object.id && Root.carriedVersion(of: previous) == base ? previous : nil
    }
    var batch = EntityBatch<Root>()
    batch.updates = [EntityBatch.Update(value: object, baseVersion: base, previous: known)]
    let written = try write(batch)
    return written.updated[0].value
  }

  /// Deletes an object, under the same version rule as ``update(_:expectedVersion:)``.
  ///
  /// - Throws: `PersistenceError.conflict` if the row has another version or is gone.
  public func delete<Root: Entity>(_ object: Root, expectedVersion: Version? = nil) throws {
    let base = try baseVersion(of: object, expected: expectedVersion)
    var batch = EntityBatch<Root>()
    batch.deletes = [EntityBatch.Delete(id: object.id, baseVersion: base)]
    try write(batch)
  }

  // MARK: - Helpers

  /// Runs `body` in a transaction on `connection`, inside the engine's database transaction.
  ///
  /// - Returns: What `body` returned, and what it wrote per entity type.
  static func run<T>(
    _ body: (WriteTransaction) throws -> T, on connection: Connection,
    tables: [ObjectIdentifier: TableInfo]
  ) throws -> (T, [ObjectIdentifier: any AnyCommittedChanges]) {
    let transaction = WriteTransaction(connection: connection, tables: tables)
    let value = try body(transaction)
    return (value, transaction.committed)
  }

  /// Writes every batch of a context's save, and records them.
  ///
  /// - Returns: What was written, per entity type.
  func write(_ batches: [any AnyEntityBatch]) throws -> [ObjectIdentifier: any AnyCommittedChanges]
  {
    var changes: [ObjectIdentifier: any AnyCommittedChanges] = [:]
    for batch in batches {
      let committed = try batch.write(to: self)
      changes[committed.entityType] = committed
    }
    return changes
  }

  /// Writes one batch on the transaction's connection and records it.
  ///
  /// This is where every write of the store checks versions: the rows are written only where
  /// they still have the version the change is based on, and a mismatch becomes
  /// ``PersistenceError/conflict(entity:id:current:)`` with the version the row has now,
  /// read in this transaction.
  @discardableResult
  func write<Root: Entity>(_ batch: EntityBatch<Root>) throws -> CommittedChanges<Root> {
    let written: CommittedChanges<Root>
    do {
      switch connection {
      case .sqlite(let db):
        written = try StatementBatchWriter(runner: SQLiteStatementRunner(db: db), tables: tables)
          .write(batch)
      case .postgres(let session):
        written = try StatementBatchWriter(runner: session, tables: tables).write(batch)
      }
    } catch let mismatch as VersionMismatch {
      throw try conflict(Root.self, id: mismatch.id)
    }
    record(written)
    return written
  }

  /// The version a write of `object` is based on: the one the caller expects, else the one
  /// the object carries, else the one the row has now. A row that is gone has none, and the
  /// write then finds no row to change.
  private func baseVersion<Root: Entity>(of object: Root, expected: Version?) throws -> Version {
    if let expected { return expected }
    if let carried = Root.carriedVersion(of: object) { return carried }
    return try stored(Root.self, id: object.id)?.version ?? Version(0)
  }

  private func record<Root: Entity>(_ written: CommittedChanges<Root>) {
    let key = ObjectIdentifier(Root.self)
    var changes = committed.removeValue(forKey: key) as? CommittedChanges<Root> ?? .init()
    changes.inserted += written.inserted
    changes.updated += written.updated
    changes.deleted += written.deleted
    committed[key] = changes
  }
}

extension PersistentContainer {
  /// Runs `body` in one write transaction (``WriteTransaction``) and commits it; a thrown
  /// error rolls it back and is rethrown.
  ///
  /// Everything the body reads and writes happens under the store's write lock, so a version
  /// checked in it holds until the commit, across processes. When the call returns, every
  /// observation of this container has been handed the commit's changes.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; `PersistenceError.conflict` for a version that does not
  ///   match; `EngineError` for engine failures.
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (WriteTransaction) throws -> T
  ) async throws
    -> T
  {
    try await core.engine.write(body)
  }
}

extension WriteTransaction {
  /// The objects of `type` this transaction inserted or updated so far, each as last written:
  /// what a rule that follows every write of an entity (whatever code path wrote it) reads
  /// before the transaction commits.
  ///
  /// - Parameter existingOnly: `true` leaves out the objects this transaction inserted: only
  ///   those that existed before it began (what a rule about objects related to them needs,
  ///   when a new object can have none yet).
  /// - Complexity: O(w) for the w rows of `type` written so far.
  public func written<Root: Entity>(_ type: Root.Type, existingOnly: Bool = false) -> [Root] {
    guard let changes = committed[ObjectIdentifier(Root.self)] as? CommittedChanges<Root> else {
      return []
    }
    let new: Set<UUID> = existingOnly ? Set(changes.inserted.map { $0.value.id }) : []
    var latest: [UUID: Int] = [:]
    var objects: [Root] = []
    for stored in (existingOnly ? changes.updated : changes.inserted + changes.updated)
    where !new.contains(stored.value.id) {
      let id = stored.value.id
      if let index = latest[id] {
        objects[index] = stored.value
      } else {
        latest[id] = objects.count
        objects.append(stored.value)
      }
    }
    let deleted = Set(changes.deleted)
    return deleted.isEmpty ? objects : objects.filter { !deleted.contains($0.id) }
  }
}
