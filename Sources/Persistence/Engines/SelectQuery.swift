/// Compiles fetch requests to parameterised SQL of either engine: values are always
/// arguments (`?` or `$1`), never text in the SQL.
struct SelectQuery {
  var sql: String
  var arguments: [StoredValue]

  /// The query of `request`, selecting `columns` (SQL, already quoted), by default every
  /// column an object is read from (``TableInfo/selectColumns``).
  init<Root: Entity>(
    _ request: FetchRequest<Root>, table: TableInfo, limit: Int?, offset: Int,
    columns: String? = nil, dialect: SQLDialect = .sqlite
  ) {
    var sql = "SELECT \(columns ?? table.selectColumns) FROM \(quoted(table.name))"
    var arguments: [StoredValue] = []
    if let filter = request.filter {
      sql += " WHERE "
      Self.compile(filter.node, into: &sql, arguments: &arguments, dialect: dialect)
    }
    let orderings =
      request.effectiveSort.map { sort in
        // SQLite sorts NULL before every value; PostgreSQL is told to do the same.
        let nulls = dialect == .postgres ? (sort.ascending ? " NULLS FIRST" : " NULLS LAST") : ""
        return "\(quoted(sort.attribute.name)) \(sort.ascending ? "ASC" : "DESC")\(nulls)"
      }
      + ["\"id\" ASC"]
    sql += " ORDER BY " + orderings.joined(separator: ", ")
    if limit != nil || offset > 0 {
      let count = arguments.count
      sql += " LIMIT \(dialect.placeholder(count + 1)) OFFSET \(dialect.placeholder(count + 2))"
      switch (limit, dialect) {
      case (let limit?, _): arguments.append(.integer(Int64(Swift.max(0, limit))))
      // No limit: -1 for SQLite, NULL for PostgreSQL.
      case (nil, .sqlite): arguments.append(.integer(-1))
      case (nil, .postgres): arguments.append(.null)
      }
      arguments.append(.integer(Int64(Swift.max(0, offset))))
    }
    self.sql = sql
    self.arguments = arguments
  }

  static func compile<Root>(
    _ node: Filter<Root>.Node, into sql: inout String, arguments: inout [StoredValue],
    dialect: SQLDialect
  ) {
    func mark(_ value: StoredValue) -> String {
      arguments.append(value)
      return dialect.placeholder(arguments.count)
    }
    switch node {
    case .constant(let value):
      sql += dialect.literal(value)
    case .isNull(let attribute):
      sql += "\(quoted(attribute.name)) IS NULL"
    case .compare(let attribute, let op, let value):
      sql += "\(quoted(attribute.name)) \(op.rawValue) \(mark(value))"
    case .isIn(let attribute, let values):
      if values.isEmpty {
        sql += dialect.literal(false)
      } else {
        let marks = values.map(mark).joined(separator: ", ")
        sql += "\(quoted(attribute.name)) IN (\(marks))"
      }
    case .contains(let attribute, let text):
      sql += "\(TextMatching.containsFunctionName)(\(quoted(attribute.name)), \(mark(.text(text))))"
    case .and(let nodes), .or(let nodes):
      if nodes.isEmpty {
        if case .and = node {
          sql += dialect.literal(true)
        } else {
          sql += dialect.literal(false)
        }
        return
      }
      let joiner: String
      if case .and = node { joiner = " AND " } else { joiner = " OR " }
      sql += "("
      for (index, child) in nodes.enumerated() {
        if index > 0 { sql += joiner }
        compile(child, into: &sql, arguments: &arguments, dialect: dialect)
      }
      sql += ")"
    case .not(let child):
      sql += "NOT ("
      compile(child, into: &sql, arguments: &arguments, dialect: dialect)
      sql += ")"
    }
  }
}
