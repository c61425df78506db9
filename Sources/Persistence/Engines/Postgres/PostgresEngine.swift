import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// The PostgreSQL engine: a postgres-nio connection pool, shared by every process that opens
/// the same database.
///
/// A transaction's body runs synchronously on a thread of the engine's own pool with one
/// connection lent to it (``PostgresSession``), so ``ReadTransaction`` and
/// ``WriteTransaction`` are the same on both engines. Reads run in one `REPEATABLE READ`
/// snapshot. Writes take the store's write lock first (`pg_advisory_xact_lock`), as SQLite's
/// `BEGIN IMMEDIATE` does: what a write reads cannot change before it commits, on any server,
/// and change sequences are committed in order (``PostgresChangeLog``).
///
/// Publication follows the store's order: before this process publishes a commit, it
/// publishes what other servers committed before it. Other servers' commits arrive by
/// `LISTEN` (``PostgresListener``) and, as a safety net, by the container's polling; after a
/// reconnect the engine reads from the last sequence it published, so nothing is missed.
final class PostgresEngine: StorageEngine {
  let location: String
  let tables: [ObjectIdentifier: TableInfo]
  let entities: [ObjectIdentifier: any Entity.Type]
  let logger: Logger
  private let client: PostgresClient
  private let clientTask: Task<Void, Never>
  private let threads: NIOThreadPool
  private let requestTimeout: Duration
  /// The last sequence published.
  private let published: Mutex<Int64>
  /// Held while publishing, so that this process publishes in sequence order.
  private let publication = AsyncLock()
  private let isClosed = Mutex(false)
  private let listening = Mutex<Task<Void, Never>?>(nil)
  let health = Mutex(Health())
  let publish: @Sendable (ChangeHub.Event) -> Void

  /// The key of the store's write lock (`pg_advisory_xact_lock`), the same in every process.
  static let writeLockKey: Int64 = 0x7065_7273_6973_7401

  init(
    location: PostgresLocation, client: PostgresClient, threads: NIOThreadPool,
    tables: [ObjectIdentifier: TableInfo], entities: [any Entity.Type], sequence: Int64,
    logger: Logger, publish: @escaping @Sendable (ChangeHub.Event) -> Void
  ) {
    self.location = location.description
    self.client = client
    self.clientTask = Task { await client.run() }
    self.threads = threads
    self.requestTimeout = location.requestTimeout
    self.tables = tables
    self.entities = .init(byType: entities)
    self.published = Mutex(sequence)
    self.logger = logger
    self.publish = publish
  }

  // MARK: - Sessions

  enum Access {
    case read
    case write
  }

  /// Runs `body` in one transaction on a connection of the pool, on a thread of the engine's
  /// pool. Waiting for a connection is bounded by the request timeout (the database may be
  /// down); once the body runs, it runs to its end.
  func session<T: Sendable>(
    _ access: Access, _ body: @escaping @Sendable (PostgresSession) throws -> T
  ) async throws -> T {
    try checkOpen()
    let started = Protected(false)
    let timeout = requestTimeout
    let requested = ContinuousClock.now
    do {
      return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
          try await self.client.withConnection { connection in
            started.withLock { $0 = true }
            PostgresPoolMetrics.wait.record(duration: ContinuousClock.now - requested)
            PostgresPoolMetrics.inUse.increment()
            defer { PostgresPoolMetrics.inUse.decrement() }
            return try await self.threads.runIfActive {
              let session = PostgresSession(connection: connection, logger: self.logger)
              try session.execute(
                access == .read ? "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY" : "BEGIN")
              do {
                let value = try body(session)
                try session.execute("COMMIT")
                return value
              } catch {
                try? session.execute("ROLLBACK")
                throw error
              }
            }
          }
        }
        group.addTask {
          try await Task.sleep(for: timeout)
          if started.withLock({ $0 }) { return nil }
          throw PersistenceError.unavailable("no connection to \(self.location) within \(timeout)")
        }
        while let result = try await group.next() {
          if let value = result {
            group.cancelAll()
            return value
          }
        }
        throw CancellationError()
      }
    } catch {
      let mapped = PostgresSession.engineError(error, sql: nil, arguments: [])
      // A caller that went away says nothing about the server.
      if Task.isCancelled || error is CancellationError { throw mapped }
      if case PersistenceError.unavailable(let reason) = mapped {
        poolFailed(reason)
      } else if !started.withLock({ $0 }) {
        // No connection could be had: whatever the server said, it cannot be used now.
        let reason = "cannot connect to \(location): \(mapped)"
        poolFailed(reason)
        throw PersistenceError.unavailable(reason)
      }
      throw mapped
    }
  }

  // MARK: - Reading

  func fetch<Root: Entity>(
    _ request: FetchRequest<Root>, limit: Int?, offset: Int
  ) async throws -> StoredRows<Root> {
    let table = try tables.table(for: Root.self)
    return try await session(.read) { session in
      try session.fetch(request, table: table, limit: limit, offset: offset)
    }
  }

  func fetchSequenced<Root: Entity>(
    _ request: FetchRequest<Root>
  ) async throws -> (objects: [Stored<Root>], sequence: ChangeSequence) {
    let table = try tables.table(for: Root.self)
    return try await session(.read) { session in
      let sequence = try PostgresChangeLog.lastSequence(session)
      let objects = try session.fetch(
        request, table: table, limit: request.limit, offset: request.offset)
      return (objects.stored, ChangeSequence(stored: sequence))
    }
  }

  func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T) async throws
    -> T
  {
    let tables = self.tables
    return try await session(.read) { session in
      try body(ReadTransaction(connection: .postgres(session), tables: tables))
    }
  }

  // MARK: - Writing

  func write<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) throws -> T) async throws
    -> T
  {
    let tables = self.tables
    return try await transaction { session in
      try WriteTransaction.run(body, on: .postgres(session), tables: tables)
    }.value
  }

  private struct Outcome<T: Sendable>: Sendable {
    var value: T
    var changes: [ObjectIdentifier: any AnyCommittedChanges]
    var first: Int64 = 0
    var last: Int64 = 0
  }

  /// Runs `body` under the store's write lock, appends the change records of what it wrote,
  /// commits, and publishes (after anything other servers committed before).
  private func transaction<T: Sendable>(
    _ body:
      @escaping @Sendable (PostgresSession) throws -> (
        T, [ObjectIdentifier: any AnyCommittedChanges]
      )
  ) async throws -> (value: T, summary: CommitSummary) {
    // Writes of this process wait for each other here rather than on the write lock, and the
    // listener cannot publish this commit from its notification before the commit's own,
    // exact changes are published.
    await publication.lock()
    defer { publication.unlock() }
    let outcome = try await session(.write) { session in
      try session.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.writeLockKey)])
      let (value, written) = try body(session)
      let changes = written.filter { $0.value.rowCount > 0 }
      guard !changes.isEmpty else { return Outcome(value: value, changes: [:]) }
      let previous = try PostgresChangeLog.lastSequence(session)
      let ordered = changes.values.sorted { $0.entityName < $1.entityName }
      let (first, last) = try PostgresChangeLog.append(session, after: previous, changes: ordered)
      return Outcome(value: value, changes: changes, first: first, last: last)
    }
    guard outcome.last > 0 else {
      let sequence = published.withLock { $0 }
      return (
        outcome.value, CommitSummary(sequence: ChangeSequence(stored: sequence), changes: [:])
      )
    }
    // Committed. Other servers may have committed since our last publication: their records
    // come first, so that observers see the store's order.
    let summary = CommitSummary(
      sequence: ChangeSequence(stored: outcome.last), changes: outcome.changes)
    let previous = published.withLock { $0 }
    guard previous < outcome.last else { return (outcome.value, summary) }
    if outcome.first > previous + 1 {
      do {
        try await catchUpLocked(before: outcome.first)
      } catch {
        logger.warning("reading other servers' changes failed: \(error); refetching")
        publish(.external)
      }
    }
    published.withLock { $0 = outcome.last }
    publish(.commit(summary))
    return (outcome.value, summary)
  }

  // MARK: - Changes of other servers

  func catchUpExternalChanges() async throws {
    try checkOpen()
    await publication.lock()
    defer { publication.unlock() }
    try await catchUpLocked(before: nil)
  }

  /// Publishes what a notification announced: from its own records when it follows the last
  /// sequence published, else from the change table.
  func catchUp(with notification: PostgresChangeLog.Notification) async throws {
    try checkOpen()
    await publication.lock()
    defer { publication.unlock() }
    let previous = published.withLock { $0 }
    guard notification.last > previous else { return }
    guard notification.first == previous + 1, let records = notification.records else {
      try await catchUpLocked(before: nil)
      return
    }
    let entities = self.entities
    let tables = self.tables
    let changes = try await session(.read) { session in
      try PostgresStoredReader(session: session, tables: tables).currentState(
        of: records, entities: entities)
    }
    published.withLock { $0 = notification.last }
    publish(
      .commit(CommitSummary(sequence: ChangeSequence(stored: notification.last), changes: changes)))
  }

  private enum CatchUp: Sendable {
    case none
    case pruned(last: Int64)
    case changes(newest: Int64, [ObjectIdentifier: any AnyCommittedChanges])
  }

  /// Publishes the records after the last published sequence (and before `limit`), with the
  /// current state of every object they name. The caller holds `publication`.
  private func catchUpLocked(before limit: Int64?) async throws {
    let after = published.withLock { $0 }
    let entities = self.entities
    let tables = self.tables
    let result = try await session(.read) { session -> CatchUp in
      let last = try PostgresChangeLog.lastSequence(session)
      guard last > after else { return .none }
      guard var records = try PostgresChangeLog.records(session, after: after) else {
        return .pruned(last: last)
      }
      if let limit { records.removeAll { $0.sequence >= limit } }
      guard let newest = records.last?.sequence else { return .none }
      let changes = try PostgresStoredReader(session: session, tables: tables).currentState(
        of: records, entities: entities)
      return .changes(newest: newest, changes)
    }
    switch result {
    case .none:
      return
    case .pruned(let last):
      // Fell behind further than the records kept: observers refetch fresh snapshots.
      published.withLock { $0 = limit.map { $0 - 1 } ?? last }
      logger.info("change records pruned past sequence \(after): refetching")
      publish(.external)
    case .changes(let newest, let changes):
      published.withLock { $0 = newest }
      publish(.commit(CommitSummary(sequence: ChangeSequence(stored: newest), changes: changes)))
    }
  }

  /// Marks every observation stale after the connection to the server was lost and is back:
  /// what was missed is read from the last sequence published.
  func reconnected() async {
    do {
      try await catchUpExternalChanges()
    } catch {
      if isClosedNow || Task.isCancelled { return }
      logger.warning("catching up after a reconnect failed: \(error)")
    }
  }

  /// Starts receiving other servers' commits (``PostgresListener``).
  func startListening(_ location: PostgresLocation) {
    let listener = PostgresListener(location: location, logger: logger)
    let task = Task { [weak self] in
      guard let self else { return }
      await listener.run(engine: self)
    }
    listening.withLock { $0 = task }
  }

  // MARK: - Closing

  func close() throws {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    listening.withLock { $0?.cancel() }
    clientTask.cancel()
    threads.shutdownGracefully { _ in }
  }

  /// Whether ``close()`` was called.
  var isClosedNow: Bool { isClosed.withLock { $0 } }

  private func checkOpen() throws {
    if isClosed.withLock({ $0 }) { throw PersistenceError.containerClosed }
  }

}
