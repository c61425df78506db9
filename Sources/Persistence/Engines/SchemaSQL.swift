/// Schema changes as statements of one dialect. Names are validated identifiers; values are
/// arguments.
enum SchemaSQL {
  struct Statement: Sendable {
    var sql: String
    var arguments: [StoredValue] = []
    /// Runs only if the table has this column.
    var requiresColumn: String? = nil
  }

  static func statements<Root: Entity>(
    for change: SchemaChange, of type: Root.Type, dialect: SQLDialect
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
      "\(quoted(attribute.name)) \(dialect.columnType(attribute.storageType))"
        + (attribute.isOptional ? "" : " NOT NULL")
    }
    switch change {
    case .createTable(let names):
      let attributes = try (names ?? Root.attributes.map(\.name)).map(attribute)
      let columns =
        [
          "\"id\" \(dialect.identifierType) NOT NULL PRIMARY KEY",
          "\"version\" \(dialect.versionType) NOT NULL DEFAULT 1",
        ]
        + attributes.map(definition)
      return [Statement(sql: "CREATE TABLE \(table) (\(columns.joined(separator: ", ")))")]
    case .addColumn(let name, let defaultValue):
      let attribute = try attribute(name)
      // SQLite needs a literal default for NOT NULL columns; values are never put into SQL,
      // so the column is added and then filled with a parameterised UPDATE.
      let add = Statement(
        sql:
          "ALTER TABLE \(table) ADD COLUMN \(quoted(name)) \(dialect.columnType(attribute.storageType))"
      )
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
          sql: "UPDATE \(table) SET \(quoted(name)) = \(dialect.placeholder(1))",
          arguments: [defaultValue]),
      ]
    case .createIndex(let name, let columns, let unique, let sparse):
      guard TableInfo.isIdentifier(name), !columns.isEmpty else {
        throw ContainerError.invalidModel("\(Root.entityName): invalid index \(name)")
      }
      for column in columns where column != "id" && column != "version" {
        _ = try attribute(column)
      }
      let list = columns.map(quoted).joined(separator: ", ")
      let rows =
        sparse
        ? " WHERE " + columns.map { "\(quoted($0)) IS NOT NULL" }.joined(separator: " AND ") : ""
      return [
        Statement(
          sql: "CREATE \(unique ? "UNIQUE " : "")INDEX \(quoted(name)) ON \(table) (\(list))\(rows)"
        )
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
