import GRDB

/// Every migration of a container's entities, in order, and how to apply them to SQLite.
///
/// Applied migrations are recorded in `persistence_migrations`; `PRAGMA user_version` holds
/// their count for outside tools.
struct MigrationPlan: Sendable {
  struct Step: Sendable {
    let identifier: String
    let apply: @Sendable (Database) throws -> Void
  }

  let steps: [Step]

  init(entities: [any Entity.Type]) throws {
    var steps: [Step] = []
    var identifiers: Set<String> = []
    for entity in entities {
      for step in try Self.steps(for: entity) {
        guard identifiers.insert(step.identifier).inserted else {
          throw ContainerError.invalidModel("migration \(step.identifier) is declared twice")
        }
        steps.append(step)
      }
    }
    self.steps = steps
  }

  private static func steps<Root: Entity>(for type: Root.Type) throws -> [Step] {
    try Root.migrations.map { migration in
      let statements = try migration.changes.flatMap {
        try SchemaSQL.statements(for: $0, of: Root.self)
      }
      return Step(identifier: "\(Root.entityName)/\(migration.identifier)") { db in
        for statement in statements {
          if let column = statement.requiresColumn,
            try !db.columns(in: Root.entityName).contains(where: { $0.name == column })
          {
            continue
          }
          try db.execute(sql: statement.sql, arguments: StatementArguments(statement.arguments))
        }
      }
    }
  }

  /// Throws `schemaTooNew` if the database recorded migrations unknown here. Read-only.
  func checkNotNewer(_ db: Database, path: String) throws {
    guard try db.tableExists("persistence_migrations") else { return }
    let applied = try String.fetchAll(db, sql: "SELECT identifier FROM persistence_migrations")
    let known = Set(steps.map(\.identifier))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty {
      throw ContainerError.schemaTooNew(path: path, unknownMigrations: unknown.sorted())
    }
  }

  /// Applies the migrations not yet applied, inside the caller's transaction.
  func apply(_ db: Database, path: String) throws {
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS persistence_migrations (
          identifier TEXT NOT NULL PRIMARY KEY, position INTEGER NOT NULL)
        """)
    try checkNotNewer(db, path: path)
    try db.execute(sql: ChangeLog.createSQL)
    let applied = Set(
      try String.fetchAll(db, sql: "SELECT identifier FROM persistence_migrations"))
    var count = applied.count
    for step in steps where !applied.contains(step.identifier) {
      try step.apply(db)
      count += 1
      try db.execute(
        sql: "INSERT INTO persistence_migrations (identifier, position) VALUES (?, ?)",
        arguments: [step.identifier, count])
      persistenceLogger.debug("applied migration \(step.identifier)")
    }
    try db.execute(sql: "PRAGMA user_version = \(count)")
  }
}

/// Schema changes as SQLite statements. Names are validated identifiers; values are arguments.
enum SchemaSQL {
  struct Statement: Sendable {
    var sql: String
    var arguments: [DatabaseValue] = []
    /// Runs only if the table has this column.
    var requiresColumn: String? = nil
  }

  static func statements<Root: Entity>(
    for change: SchemaChange, of type: Root.Type
  ) throws -> [Statement] {
    let table = quoted(Root.entityName)
    func attribute(_ name: String) throws -> AnyAttribute<Root> {
      guard let attribute = Root.attributes.first(where: { $0.name == name }) else {
        throw ContainerError.invalidModel(
          "\(Root.entityName): a migration names \(name), which is not an attribute")
      }
      return attribute
    }
    func definition(_ attribute: AnyAttribute<Root>) -> String {
      "\(quoted(attribute.name)) \(attribute.storageType.rawValue)"
        + (attribute.isOptional ? "" : " NOT NULL")
    }
    switch change {
    case .createTable(let names):
      let attributes = try (names ?? Root.attributes.map(\.name)).map(attribute)
      let columns =
        ["\"id\" BLOB NOT NULL PRIMARY KEY", "\"version\" INTEGER NOT NULL DEFAULT 1"]
        + attributes.map(definition)
      return [Statement(sql: "CREATE TABLE \(table) (\(columns.joined(separator: ", ")))")]
    case .addColumn(let name, let defaultValue):
      let attribute = try attribute(name)
      // SQLite needs a literal default for NOT NULL columns; values are never put into SQL,
      // so the column is added and then filled with a parameterised UPDATE.
      let add = Statement(
        sql: "ALTER TABLE \(table) ADD COLUMN \(quoted(name)) \(attribute.storageType.rawValue)")
      guard let defaultValue else {
        guard attribute.isOptional else {
          throw ContainerError.invalidModel(
            "\(Root.entityName): adding non-optional \(name) needs a default")
        }
        return [add]
      }
      return [
        add,
        Statement(
          sql: "UPDATE \(table) SET \(quoted(name)) = ?", arguments: [defaultValue.databaseValue]),
      ]
    case .createIndex(let name, let columns, let unique):
      guard TableInfo.isIdentifier(name), !columns.isEmpty else {
        throw ContainerError.invalidModel("\(Root.entityName): invalid index \(name)")
      }
      for column in columns where column != "id" && column != "version" {
        _ = try attribute(column)
      }
      let list = columns.map(quoted).joined(separator: ", ")
      return [
        Statement(
          sql: "CREATE \(unique ? "UNIQUE " : "")INDEX \(quoted(name)) ON \(table) (\(list))")
      ]
    case .dropIndex(let name):
      guard TableInfo.isIdentifier(name) else {
        throw ContainerError.invalidModel("\(Root.entityName): invalid index \(name)")
      }
      return [Statement(sql: "DROP INDEX IF EXISTS \(quoted(name))")]
    case .dropColumn(let name, let copyingToVersion):
      guard TableInfo.isIdentifier(name), !["id", "version"].contains(name.lowercased()),
        !Root.attributes.contains(where: { $0.name == name })
      else {
        throw ContainerError.invalidModel("\(Root.entityName): cannot drop column \(name)")
      }
      var statements: [Statement] = []
      if copyingToVersion {
        statements.append(
          Statement(
            sql: "UPDATE \(table) SET \"version\" = \(quoted(name))", requiresColumn: name))
      }
      statements.append(
        Statement(sql: "ALTER TABLE \(table) DROP COLUMN \(quoted(name))", requiresColumn: name))
      return statements
    case .sql(let sql):
      return [Statement(sql: sql)]
    }
  }
}
