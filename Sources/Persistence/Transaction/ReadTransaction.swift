import Foundation
import GRDB

/// A consistent view of the store for one read: every fetch in it sees the same snapshot,
/// and the whole read costs one trip to a reader connection.
///
/// Obtain one from ``PersistentContainer/read(_:)``; a ``WriteTransaction`` is one too.
///
/// ```swift
/// let (list, todos) = try await container.read { tx in
///   (try tx.object(TodoList.self, id: id), try tx.fetch(todosOfList))
/// }
/// ```
public class ReadTransaction {
  /// The engine's connection the transaction runs on.
  enum Connection {
    case sqlite(Database)
    case postgres(PostgresSession)
  }

  let connection: Connection
  let tables: [ObjectIdentifier: TableInfo]

  init(connection: Connection, tables: [ObjectIdentifier: TableInfo]) {
    self.connection = connection
    self.tables = tables
  }

  // MARK: - Reading

  /// The objects a request describes, as the transaction sees them (its own writes included).
  public func fetch<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Root] {
    try fetchStored(request).values
  }

  /// The objects a request describes, with their store versions.
  func fetchStored<Root: Entity>(_ request: FetchRequest<Root>) throws -> StoredRows<Root> {
    let table = try table(Root.self)
    switch connection {
    case .sqlite(let db):
      return try SQLiteEngine.fetch(
        db, request, table: table, limit: request.limit, offset: request.offset)
    case .postgres(let session):
      return try session.fetch(request, table: table, limit: request.limit, offset: request.offset)
    }
  }

  /// Reads the rows a request describes, in its order, and hands each to `body` as it is
  /// read, without making an object of it: for a caller that writes a row's columns straight
  /// on (a response body) and has no use for the entity's value.
  ///
  /// ```swift
  /// try tx.forEachRow(Note.all) { row in
  ///   try row.withUTF8(Note.textAttribute) { text in body.append(contentsOf: text) }
  /// }
  /// ```
  ///
  /// The row is valid only during the call, and reads its attributes fastest in their
  /// declaration order. Errors `body` throws end the read and come out as they are.
  public func forEachRow<Root: Entity>(
    _ request: FetchRequest<Root>, _ body: (StoredRow<Root>) throws -> Void
  ) throws {
    let table = try table(Root.self)
    switch connection {
    case .sqlite(let db):
      try SQLiteEngine.forEachRow(db, request, table: table, body)
    case .postgres(let session):
      try session.forEachRow(request, table: table, body)
    }
  }

  /// The number of objects a request describes.
  public func count<Root: Entity>(_ request: FetchRequest<Root>) throws -> Int {
    let query = SelectQuery(
      request, table: try table(Root.self), limit: request.limit, offset: request.offset,
      dialect: dialect)
    let sql = "SELECT count(*) FROM (\(query.sql)) AS counted"
    guard case .integer(let count) = try firstColumn(sql, query.arguments) else { return 0 }
    return Int(count)
  }

  /// The object with this identifier, or `nil`.
  public func object<Root: Entity>(_ type: Root.Type, id: UUID) throws -> Root? {
    try stored(type, id: id)?.value
  }

  /// Checks that an object read in this transaction is at the version a client based its
  /// change on (an `If-Match` header, a `version` field), before the change is worked out:
  /// what a write would find, raised before anything is written.
  ///
  /// - Throws: ``PersistenceError/conflict(entity:id:current:)`` as a write would.
  public func expect<Root: Entity>(_ object: Root, at version: Version) throws {
    if let carried = Root.carriedVersion(of: object) {
      guard carried != version else { return }
      throw PersistenceError.conflict(entity: Root.entityName, id: object.id, current: carried)
    }
    guard try stored(Root.self, id: object.id)?.version == version else {
      throw try conflict(Root.self, id: object.id)
    }
  }

  /// The conflict of a change based on a version the object no longer has, with the version
  /// it has now as this transaction reads it: the one place the store raises a conflict, so
  /// that no caller reads again to learn what it is.
  func conflict<Root: Entity>(_ type: Root.Type, id: UUID) throws -> PersistenceError {
    .conflict(entity: Root.entityName, id: id, current: try stored(type, id: id)?.version)
  }

  /// The value of `attribute` in the first object `request` describes, read without reading
  /// the object (an order key next to a placement, not the todo and its notes around it).
  func firstValue<Root: Entity, Value: AttributeValue>(
    of attribute: Attribute<Root, Value>, in request: FetchRequest<Root>
  ) throws -> Value? {
    let query = SelectQuery(
      request, table: try table(Root.self), limit: 1, offset: request.offset,
      columns: quoted(attribute.name), dialect: dialect)
    guard let value = try firstColumn(query.sql, query.arguments) else { return nil }
    return try Value(storedValue: value)
  }

  /// The object with its store version.
  func stored<Root: Entity>(_ type: Root.Type, id: UUID) throws -> Stored<Root>? {
    let table = try table(Root.self)
    switch connection {
    case .sqlite(let db):
      return try SQLiteEngine.fetch(
        db, Root.self, sql: table.sqlite.selectByID, arguments: [id.storedValue], table: table
      ).first
    case .postgres(let session):
      return try session.fetch(
        Root.self, sql: table.postgres.selectByID, arguments: [id.storedValue], table: table
      ).first
    }
  }

  /// The first column of the first row `sql` reads, or `nil` without a row.
  private func firstColumn(_ sql: String, _ arguments: [StoredValue]) throws -> StoredValue? {
    switch connection {
    case .sqlite(let db):
      do {
        return try DatabaseValue.fetchOne(
          db.cachedStatement(sql: sql),
          arguments: StatementArguments(stored: arguments)
        ).map(StoredValue.init)
      } catch let error as DatabaseError {
        throw EngineError(error, arguments: arguments)
      }
    case .postgres(let session):
      return try session.rows(sql, arguments).first?.first
    }
  }

  var dialect: SQLDialect {
    switch connection {
    case .sqlite: .sqlite
    case .postgres: .postgres
    }
  }

  func table<Root: Entity>(_ type: Root.Type) throws -> TableInfo {
    try tables.table(for: type)
  }
}

extension PersistentContainer {
  /// Runs `body` in one read transaction on a reader connection: every fetch in it sees the
  /// same committed state, and none waits for writes.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; `EngineError` for engine failures.
  public func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T)
    async throws -> T
  {
    try await core.engine.read(body)
  }
}
