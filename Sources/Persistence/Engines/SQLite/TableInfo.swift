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
  /// The row with one identifier: the query of every lookup by id, built once.
  let selectByIDSQL: String
  let insertSQL: String
  let updateSQL: String
  let deleteSQL: String

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
    let table = quoted(name)
    self.selectColumns = columns.map(quoted).joined(separator: ", ")
    self.selectByIDSQL = "SELECT \(selectColumns) FROM \(table) WHERE \"id\" = ? LIMIT 1"
    let insertColumns = (["id"] + attributeNames + ["version"]).map(quoted)
    let placeholders = Array(repeating: "?", count: attributeNames.count + 2)
    self.insertSQL = """
      INSERT INTO \(table) (\(insertColumns.joined(separator: ", "))) \
      VALUES (\(placeholders.joined(separator: ", ")))
      """
    let assignments = attributeNames.map { "\(quoted($0)) = ?" } + ["\"version\" = \"version\" + 1"]
    self.updateSQL = """
      UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE "id" = ? AND "version" = ?
      """
    self.deleteSQL = "DELETE FROM \(table) WHERE \"id\" = ? AND \"version\" = ?"
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
      !entity.lowercased().hasPrefix("sqlite_")
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
