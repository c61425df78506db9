import GRDB

/// Runs a commit's write statements on the SQLite writer, each through GRDB's statement cache.
struct SQLiteStatementRunner: StatementRunner {
  let db: Database
  var dialect: SQLDialect { .sqlite }

  func run(_ sql: String, _ arguments: [StoredValue]) throws -> Int {
    do {
      let statement = try db.cachedStatement(sql: sql)
      try statement.execute(arguments: StatementArguments(stored: arguments))
      return db.changesCount
    } catch let error as DatabaseError {
      if error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
        || error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE,
        error.message?.contains(".id") == true
      {
        throw DuplicateIdentifier()
      }
      throw EngineError(error, arguments: arguments)
    }
  }
}
