/// Compiles fetch requests to parameterised SQLite SQL: values are always `?` arguments.
struct SQLiteQuery {
  var sql: String
  var arguments: [StoredValue]

  /// The query of `request`, selecting `columns` (SQL, already quoted), by default every
  /// column an object is read from (``TableInfo/selectColumns``).
  init<Root: Entity>(
    _ request: FetchRequest<Root>, table: TableInfo, limit: Int?, offset: Int,
    columns: String? = nil
  ) {
    var sql = "SELECT \(columns ?? table.selectColumns) FROM \(quoted(table.name))"
    var arguments: [StoredValue] = []
    if let filter = request.filter {
      sql += " WHERE "
      Self.compile(filter.node, into: &sql, arguments: &arguments)
    }
    let orderings =
      request.effectiveSort.map { "\(quoted($0.attribute.name)) \($0.ascending ? "ASC" : "DESC")" }
      + ["\"id\" ASC"]
    sql += " ORDER BY " + orderings.joined(separator: ", ")
    if limit != nil || offset > 0 {
      sql += " LIMIT ? OFFSET ?"
      arguments.append(.integer(Int64(limit.map { Swift.max(0, $0) } ?? -1)))
      arguments.append(.integer(Int64(Swift.max(0, offset))))
    }
    self.sql = sql
    self.arguments = arguments
  }

  static func compile<Root>(
    _ node: Filter<Root>.Node, into sql: inout String, arguments: inout [StoredValue]
  ) {
    switch node {
    case .constant(let value):
      sql += value ? "1" : "0"
    case .isNull(let attribute):
      sql += "\(quoted(attribute.name)) IS NULL"
    case .compare(let attribute, let op, let value):
      sql += "\(quoted(attribute.name)) \(op.rawValue) ?"
      arguments.append(value)
    case .isIn(let attribute, let values):
      if values.isEmpty {
        sql += "0"
      } else {
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        sql += "\(quoted(attribute.name)) IN (\(marks))"
        arguments += values
      }
    case .contains(let attribute, let text):
      sql += "\(TextMatching.containsFunctionName)(\(quoted(attribute.name)), ?)"
      arguments.append(.text(text))
    case .and(let nodes), .or(let nodes):
      if nodes.isEmpty {
        if case .and = node { sql += "1" } else { sql += "0" }
        return
      }
      let joiner: String
      if case .and = node { joiner = " AND " } else { joiner = " OR " }
      sql += "("
      for (index, child) in nodes.enumerated() {
        if index > 0 { sql += joiner }
        compile(child, into: &sql, arguments: &arguments)
      }
      sql += ")"
    case .not(let child):
      sql += "NOT ("
      compile(child, into: &sql, arguments: &arguments)
      sql += ")"
    }
  }
}
