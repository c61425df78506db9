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
      throw EngineError(error, arguments: arguments)
    }
  }
}
