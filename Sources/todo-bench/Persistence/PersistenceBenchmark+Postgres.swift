import ArgumentParser
import Foundation
import Logging
import Persistence
import PostgresNIO

/// `todo-bench persistence --engine postgres`: the object store on PostgreSQL against
/// postgres-nio written by hand, on the same server in the same run.
///
/// - insert: objects in one save, against one transaction of one parameterised `INSERT` per
///   row (what an application writes with postgres-nio alone);
/// - fetch: the objects sorted by title, against one `SELECT` decoding each row into the
///   same struct;
/// - move: rows written by moving one object in an ordered list.
///
/// Each side gets a new database on the server, dropped afterwards.
struct PostgresPersistenceBenchmark {
  let url: String
  let insertCount: Int
  let fetchCount: Int
  let observedCount: Int
  let repetitions: Int
  let logger = Logger(label: "todo-bench.postgres")

  func run() async throws {
    var insert = (ours: Double.infinity, raw: Double.infinity)
    var fetch = (ours: Double.infinity, raw: Double.infinity)
    for _ in 0..<max(1, repetitions) {
      let todos = BenchTodo.make(max(insertCount, fetchCount))
      let inserted = Array(todos.prefix(insertCount))
      try await withDatabase { location in
        let container = try await PersistentContainer(location, entities: [BenchTodo.self])
        defer { try? container.close() }
        let context = container.newBackgroundContext()
        insert.ours = min(
          insert.ours,
          try await Measure.elapsedMilliseconds {
            for todo in inserted { try context.insert(todo) }
            try await context.save()
          })
        let rest = container.newBackgroundContext()
        for todo in todos.dropFirst(insertCount) { try rest.insert(todo) }
        try await rest.save()
        let request = FetchRequest<BenchTodo>(sortedBy: [BenchTodo.titleAttribute.ascending])
        var count = 0
        fetch.ours = min(
          fetch.ours,
          try await Measure.elapsedMilliseconds {
            count = try await container.newBackgroundContext().fetch(request).count
          })
        guard count == todos.count else { throw ValidationError("fetched \(count) objects") }
      }
      try await withDatabase { location in
        let connection = try await connect(location)
        defer { Task { try? await connection.close() } }
        try await createRawTable(connection)
        insert.raw = min(
          insert.raw,
          try await Measure.elapsedMilliseconds {
            try await rawInsert(inserted, connection)
          })
        try await rawInsert(Array(todos.dropFirst(insertCount)), connection)
        var count = 0
        fetch.raw = min(
          fetch.raw,
          try await Measure.elapsedMilliseconds {
            count = try await rawFetch(connection).count
          })
        guard count == todos.count else { throw ValidationError("fetched \(count) rows") }
      }
    }
    let moveRows = try await withDatabase { location in
      try await PersistenceBenchmark.measureMove(in: location, count: observedCount)
    }
    var table = PersistenceTable(baseline: "postgres-nio")
    table.compare("insert \(insertCount) (ms)", ours: insert.ours, baseline: insert.raw)
    table.compare(
      "fetch \(max(insertCount, fetchCount)) sorted (ms)", ours: fetch.ours, baseline: fetch.raw)
    table.move(rows: moveRows, in: observedCount)
    table.print(summary: [
      "postgres_insert_ratio": Format.fixed(insert.ours / insert.raw),
      "postgres_fetch_ratio": Format.fixed(fetch.ours / fetch.raw),
      "postgres_move_rows": "\(moveRows)",
    ])
  }

  // MARK: - The baseline

  private func createRawTable(_ connection: PostgresConnection) async throws {
    try await connection.query(
      """
      CREATE TABLE todo (id BYTEA NOT NULL PRIMARY KEY, version BIGINT NOT NULL DEFAULT 1,
        "listID" BYTEA NOT NULL, title TEXT COLLATE "C" NOT NULL, done BIGINT NOT NULL,
        priority BIGINT NOT NULL, note TEXT COLLATE "C")
      """, logger: logger)
    try await connection.query(
      #"CREATE INDEX todo_title ON todo (title, id)"#, logger: logger)
  }

  private func rawInsert(_ todos: [BenchTodo], _ connection: PostgresConnection) async throws {
    try await connection.query("BEGIN", logger: logger)
    for todo in todos {
      try await connection.query(
        """
        INSERT INTO todo (id, version, "listID", title, done, priority, note)
        VALUES (\(Self.bytes(todo.id)), 1, \(Self.bytes(todo.listID)), \(todo.title),
          \(Int64(todo.done ? 1 : 0)), \(Int64(todo.priority)), \(todo.note))
        """, logger: logger)
    }
    try await connection.query("COMMIT", logger: logger)
  }

  private func rawFetch(_ connection: PostgresConnection) async throws -> [BenchTodo] {
    let rows = try await connection.query(
      """
      SELECT id, version, "listID", title, done, priority, note FROM todo
      ORDER BY title ASC, id ASC
      """, logger: logger)
    var todos: [BenchTodo] = []
    for try await (id, _, listID, title, done, priority, note) in rows.decode(
      (ByteBuffer, Int64, ByteBuffer, String, Int64, Int64, String?).self)
    {
      todos.append(
        BenchTodo(
          id: Self.uuid(id), listID: Self.uuid(listID), title: title, done: done != 0,
          priority: Int(priority), note: note))
    }
    return todos
  }

  private static func bytes(_ id: UUID) -> ByteBuffer {
    withUnsafeBytes(of: id.uuid) { ByteBuffer(bytes: $0) }
  }

  private static func uuid(_ buffer: ByteBuffer) -> UUID {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { target in
      buffer.withUnsafeReadableBytes {
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(16)))
      }
    }
    return UUID(uuid: value)
  }

  // MARK: - Databases

  private func withDatabase<T>(_ body: (StoreLocation) async throws -> T) async throws -> T {
    try await BenchEngine.withNewDatabase(url, logger: logger, body)
  }

  private func connect(_ location: StoreLocation) async throws -> PostgresConnection {
    guard case .postgres(let postgres) = location else { throw ValidationError("not PostgreSQL") }
    return try await BenchEngine.connect(postgres, logger: logger)
  }
}
