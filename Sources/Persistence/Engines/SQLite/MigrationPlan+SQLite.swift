import GRDB

extension MigrationPlan {
  /// Throws `schemaTooNew` if the database recorded migrations unknown here. Read-only.
  func checkNotNewer(_ db: Database, path: String) throws {
    guard try db.tableExists("persistence_migrations") else { return }
    let applied = try String.fetchAll(db, sql: "SELECT identifier FROM persistence_migrations")
    if let refusal = refusal(applied: applied, location: path) { throw refusal }
  }

  /// Applies the migrations not yet applied, inside the caller's transaction. `PRAGMA
  /// user_version` holds their count for outside tools.
  func apply(_ db: Database, path: String) throws {
    try db.execute(sql: Self.createSQL)
    try checkNotNewer(db, path: path)
    try db.execute(sql: ChangeLog.createSQL)
    let applied = Set(
      try String.fetchAll(db, sql: "SELECT identifier FROM persistence_migrations"))
    var count = applied.count
    for step in steps where !applied.contains(step.identifier) {
      for statement in step.sqlite {
        if let column = statement.requiresColumn,
          try !db.columns(in: step.table).contains(where: { $0.name == column })
        {
          continue
        }
        try db.execute(
          sql: statement.sql,
          arguments: StatementArguments(stored: statement.arguments))
      }
      count += 1
      try db.execute(
        sql: "INSERT INTO persistence_migrations (identifier, position) VALUES (?, ?)",
        arguments: [step.identifier, count])
      persistenceLogger.debug("applied migration \(step.identifier)")
    }
    try db.execute(sql: "PRAGMA user_version = \(count)")
  }
}
