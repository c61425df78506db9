/// Reads on a PostgreSQL session.
struct PostgresStoredReader: StoredReader {
  let session: PostgresSession
  let tables: [ObjectIdentifier: TableInfo]

  func stored<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Stored<Root>] {
    let table = try tables.table(for: Root.self)
    return try session.fetch(request, table: table, limit: nil, offset: 0).stored
  }
}
