import Foundation

/// What the contexts need from a database engine. Two engines implement it: ``SQLiteEngine``
/// on GRDB and ``PostgresEngine`` on postgres-nio; nothing above it knows which one runs.
///
/// Engines are shared by every context of a container and used from many tasks at once.
protocol StorageEngine: Sendable {
  /// A description of the store for errors and logs (a path, `:memory:`, or a PostgreSQL URL
  /// without its password).
  var location: String { get }

  /// The table of every entity, by entity type.
  var tables: [ObjectIdentifier: TableInfo] { get }

  /// Fetches the objects a request describes, sorted, with their versions.
  ///
  /// - Parameters:
  ///   - request: Filter, sort and section key.
  ///   - limit: The limit to apply in SQL (callers widen it to make room for pending changes).
  ///   - offset: The offset to apply in SQL.
  func fetch<Root: Entity>(
    _ request: FetchRequest<Root>, limit: Int?, offset: Int
  ) async throws -> StoredRows<Root>

  /// Fetches like `fetch` and returns the store's change sequence the result includes
  /// (observation starts from it), read in the same snapshot.
  func fetchSequenced<Root: Entity>(
    _ request: FetchRequest<Root>
  ) async throws -> (objects: [Stored<Root>], sequence: ChangeSequence)

  /// Runs `body` in one read transaction: one snapshot, on one connection.
  func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T) async throws
    -> T

  /// Runs `body` in one write transaction that holds the store's write lock from its first
  /// read (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's `pg_advisory_xact_lock`), commits what it
  /// wrote with its change records, and publishes them. A thrown error rolls everything back.
  func write<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) throws -> T) async throws
    -> T

  /// Publishes the change records other processes (or other servers) committed since the
  /// last ones published, if the store changed. Called periodically by the container: how
  /// SQLite learns of other processes' commits, and a safety net behind PostgreSQL's `LISTEN`.
  func catchUpExternalChanges() async throws

  /// Closes the engine's connections.
  func close() throws

  /// Whether the store can be reached now.
  var availability: StoreAvailability { get }
}

extension StorageEngine {
  /// A local store is always there.
  var availability: StoreAvailability { .available }
}

/// The changes of one context to one entity, saved together.
struct EntityBatch<Root: Entity>: AnyEntityBatch {
  struct Update: Sendable {
    var value: Root
    var baseVersion: Version
    /// The object as its row holds it at `baseVersion`, when the writer knows it: only the
    /// columns whose values differ are written then.
    var previous: Root? = nil
  }
  struct Delete: Sendable {
    var id: UUID
    var baseVersion: Version
  }

  var inserts: [Root] = []
  /// The versions the inserts are written at, one each, when they are copied from another
  /// store (``StoreSnapshot``); otherwise each starts at the version it carries, or 1.
  var insertVersions: [Version]? = nil
  var updates: [Update] = []
  var deletes: [Delete] = []

  var entityName: String { Root.entityName }
  var isEmpty: Bool { inserts.isEmpty && updates.isEmpty && deletes.isEmpty }

  func write(to writer: some BatchWriter) throws -> any AnyCommittedChanges {
    try writer.write(self)
  }
}

/// A batch of changes whose entity type is erased.
protocol AnyEntityBatch: Sendable {
  var entityName: String { get }
  func write(to writer: some BatchWriter) throws -> any AnyCommittedChanges
}

/// An engine's writer, called inside the commit's transaction for each entity's batch.
protocol BatchWriter {
  func write<Root: Entity>(_ batch: EntityBatch<Root>) throws -> CommittedChanges<Root>
}

/// The objects one commit wrote for one entity, with their new versions.
struct CommittedChanges<Root: Entity>: AnyCommittedChanges {
  var inserted: [Stored<Root>] = []
  var updated: [Stored<Root>] = []
  var deleted: [UUID] = []

  var entityType: ObjectIdentifier { ObjectIdentifier(Root.self) }
  var entityName: String { Root.entityName }
  var rowCount: Int { inserted.count + updated.count + deleted.count }
  var insertedIDs: [UUID] { inserted.map { $0.value.id } }
  var updatedIDs: [UUID] { updated.map { $0.value.id } }
  var deletedIDs: [UUID] { deleted }
}

/// Committed changes whose entity type is erased.
protocol AnyCommittedChanges: Sendable {
  var entityType: ObjectIdentifier { get }
  var entityName: String { get }
  var rowCount: Int { get }
  var insertedIDs: [UUID] { get }
  var updatedIDs: [UUID] { get }
  var deletedIDs: [UUID] { get }
}

/// Everything one commit wrote (or, caught up from other processes, several commits), in
/// commit order.
struct CommitSummary: Sendable {
  /// The store's change sequence after the commit.
  var sequence: ChangeSequence
  /// The changes, per entity type.
  var changes: [ObjectIdentifier: any AnyCommittedChanges]
  /// When this process learnt of the commit: right after it, or when another server's
  /// notification of it arrived. Observations measure their lag from it.
  var committedAt: ContinuousClock.Instant = .now

  func changes<Root: Entity>(of type: Root.Type) -> CommittedChanges<Root>? {
    changes[ObjectIdentifier(type)] as? CommittedChanges<Root>
  }
}
