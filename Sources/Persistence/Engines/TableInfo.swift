/// The SQL of one entity's table, built once when the container opens.
///
/// Column order: `id`, `version`, then the entity's attributes. A class, so that the row
/// decoder, copied for every decoded property, retains one reference instead of every field.
final class TableInfo: Sendable {
  let name: String
  let attributeNames: [String]
  let columnIndex: [String: Int]
  /// `id`, `version`, then the attributes: the order of `SELECT` results.
  let columns: [String]
  let selectColumns: String
  /// The statements of every lookup by id and every write, in SQLite's dialect.
  let sqlite: Statements
  /// The same statements in PostgreSQL's dialect.
  let postgres: Statements

  /// The SQL of one table's lookups by id and writes in one dialect, built once.
  struct Statements: Sendable {
    /// The row with one identifier.
    let selectByID: String
    /// Inserts `id`, the attributes, then `version`.
    let insert: String
    /// Sets the attributes and the next version where `id` and `version` are the arguments
    /// after the attributes.
    let update: String
    /// Deletes where `id` and `version` are the arguments.
    let delete: String

    /// Sets `attributes` (the arguments, in that order) and the next version, where `id` and
    /// `version` are the two arguments after them.
    static func update(table name: String, setting attributes: [String], dialect: SQLDialect)
      -> String
    {
      let assignments =
        attributes.enumerated().map { "\(quoted($1)) = \(dialect.placeholder($0 + 1))" }
        + ["\"version\" = \"version\" + 1"]
      let id = dialect.placeholder(attributes.count + 1)
      let version = dialect.placeholder(attributes.count + 2)
      return """
        UPDATE \(quoted(name)) SET \(assignments.joined(separator: ", ")) \
        WHERE "id" = \(id) AND "version" = \(version)
        """
    }

    init(table name: String, columns: String, attributes: [String], dialect: SQLDialect) {
      let table = quoted(name)
      selectByID =
        "SELECT \(columns) FROM \(table) WHERE \"id\" = \(dialect.placeholder(1)) LIMIT 1"
      let insertColumns = (["id"] + attributes + ["version"]).map(quoted)
      let placeholders = (1...(attributes.count + 2)).map(dialect.placeholder)
      insert = """
        INSERT INTO \(table) (\(insertColumns.joined(separator: ", "))) \
        VALUES (\(placeholders.joined(separator: ", "))) ON CONFLICT ("id") DO NOTHING
        """
      update = Self.update(table: name, setting: attributes, dialect: dialect)
      delete =
        "DELETE FROM \(table) WHERE \"id\" = \(dialect.placeholder(1)) "
        + "AND \"version\" = \(dialect.placeholder(2))"
    }
  }

  init<Root: Entity>(_ type: Root.Type) throws {
    let name = Root.entityName
    let attributeNames = Root.attributes.map(\.name)
    try Self.validate(entity: name, attributes: attributeNames)
    self.name = name
    self.attributeNames = attributeNames
    let columns = ["id", "version"] + attributeNames
    self.columns = columns
    var index: [String: Int] = [:]
    for (position, column) in columns.enumerated() { index[column] = position }
    self.columnIndex = index
    let selectColumns = columns.map(quoted).joined(separator: ", ")
    self.selectColumns = selectColumns
    self.sqlite = Statements(
      table: name, columns: selectColumns, attributes: attributeNames, dialect: .sqlite)
    self.postgres = Statements(
      table: name, columns: selectColumns, attributes: attributeNames, dialect: .postgres)
  }

  /// The tables of a container's entities, checked: valid names, one table per entity.
  static func tables(of entities: [any Entity.Type]) throws -> [ObjectIdentifier: TableInfo] {
    var tables: [ObjectIdentifier: TableInfo] = [:]
    var names: Set<String> = []
    for entity in entities {
      let table: TableInfo
      do {
        table = try TableInfo(entity)
      } catch let error as PersistenceError {
        throw ContainerError.invalidModel(error.description)
      }
      guard names.insert(table.name.lowercased()).inserted else {
        throw ContainerError.invalidModel("two entities use the table \(table.name)")
      }
      tables[ObjectIdentifier(entity)] = table
    }
    return tables
  }

  /// The statements in `dialect`.
  func statements(_ dialect: SQLDialect) -> Statements {
    switch dialect {
    case .sqlite: sqlite
    case .postgres: postgres
    }
  }

  /// The result column of a coding key. Tables have few columns, and comparing short strings
  /// is cheaper than hashing them, so small tables are scanned.
  func index(ofColumn name: String) -> Int? {
    if columns.count <= 16 {
      for position in columns.indices where columns[position] == name { return position }
      return nil
    }
    return columnIndex[name]
  }

  /// Checks that names are plain identifiers, so quoting them is always safe.
  static func validate(entity: String, attributes: [String]) throws {
    guard isIdentifier(entity), !entity.lowercased().hasPrefix("persistence_"),
      !entity.lowercased().hasPrefix("sqlite_"), !entity.lowercased().hasPrefix("pg_")
    else {
      throw PersistenceError.invalidDeclaration(
        entity: entity, reason: "the entity name must be letters, digits and _")
    }
    var seen: Set<String> = []
    for attribute in attributes {
      guard isIdentifier(attribute) else {
        throw PersistenceError.invalidDeclaration(
          entity: entity, reason: "attribute name \(attribute) must be letters, digits and _")
      }
      guard !["id", "version"].contains(attribute.lowercased()) else {
        throw PersistenceError.invalidDeclaration(
          entity: entity, reason: "\(attribute) is a reserved column name")
      }
      guard seen.insert(attribute.lowercased()).inserted else {
        throw PersistenceError.invalidDeclaration(
          entity: entity, reason: "attribute \(attribute) is declared twice")
      }
    }
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(48...57).contains(first) else { return false }
    return name.utf8.allSatisfy { byte in
      (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
        || byte == 95
    }
  }
}

extension [ObjectIdentifier: TableInfo] {
  /// The table of `type`: every engine, reader and transaction finds an entity's table this
  /// way, and an entity the container was not opened with is refused the same way everywhere.
  ///
  /// - Throws: ``PersistenceError/unknownEntity(_:)``.
  func table<Root: Entity>(for type: Root.Type) throws -> TableInfo {
    guard let table = self[ObjectIdentifier(type)] else {
      throw PersistenceError.unknownEntity(Root.entityName)
    }
    return table
  }
}
