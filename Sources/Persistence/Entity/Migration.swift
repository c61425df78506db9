/// One step in the life of an entity's table, remembered by identifier once applied.
///
/// ```swift
/// static let migrations = [
///   Migration("create", [.createTable(["title", "done"])]),
///   Migration("add-due", [.addColumn("due")]),
///   Migration("index-done", [.createIndex("todo_done", on: ["done"])]),
/// ]
/// ```
///
/// A container applies the migrations of all its entities, in order, in one transaction when it
/// loads. A store that has applied a migration this code does not know is newer than the code:
/// the container refuses to open it and leaves it untouched.
public struct Migration: Sendable, Hashable {
  /// The identifier, unique within the entity.
  public let identifier: String
  /// The schema changes, applied in order.
  public let changes: [SchemaChange]

  /// Declares a migration.
  ///
  /// - Parameters:
  ///   - identifier: Unique within the entity; never reuse or rename an applied one.
  ///   - changes: The schema changes.
  public init(_ identifier: String, _ changes: [SchemaChange]) {
    self.identifier = identifier
    self.changes = changes
  }
}

/// A schema change, described independently of the SQL engine.
public enum SchemaChange: Sendable, Hashable {
  /// Creates the table with `id`, `version` and the named attributes (every attribute if
  /// `nil`). Column types come from the entity's attributes.
  case createTable([String]? = nil)
  /// Adds the named attribute's column. A non-optional column needs a `default` for existing
  /// rows.
  case addColumn(String, default: StoredValue? = nil)
  /// Creates an index on the named columns.
  ///
  /// A `sparse` index leaves out the rows in which any of its columns is null (a partial
  /// index, `WHERE … IS NOT NULL`): for a column most rows leave empty (a parent, an
  /// assignee, when a row was deleted) it is smaller, and writing such a row does not touch
  /// it. A query uses it only when its filter rules the nulls out, as `= ?`, `< ?` and
  /// `IS NOT NULL` do.
  case createIndex(String, on: [String], unique: Bool = false, sparse: Bool = false)
  /// Drops an index.
  case dropIndex(String)
  /// Drops a column that is no longer an attribute, if the table has it (a table created after
  /// the attribute was removed never had it). With `copyingToVersion`, the column's values
  /// first become the store's `version`: for an entity that kept its own version counter and
  /// now mirrors the store's (``Entity/storeVersion``).
  case dropColumn(String, copyingToVersion: Bool = false)
  /// Runs SQL that the code author wrote for a data migration. It never contains user values.
  case sql(String)
}
