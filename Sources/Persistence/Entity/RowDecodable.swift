/// An entity that builds itself from its stored columns directly: the fast path of every
/// fetch.
///
/// Every entity can be read back with `Decodable`. That path goes through keyed containers,
/// dynamic casts and a generic value conversion per field, which costs microseconds per
/// object; a list of a thousand objects is then read slower than it is sent. An entity that
/// conforms to `RowDecodable` is read by ``init(row:)`` instead, one typed column read per
/// attribute, like GRDB's `FetchableRecord.init(row:)`.
///
/// ``Entity(_:)`` writes the conformance and `init(row:)` from the struct's stored
/// properties. By hand, it reads the identifier and then each attribute in the order of
/// ``Entity/attributes``, which is the order of the columns a fetch selects:
///
/// ```swift
/// extension Todo: RowDecodable {
///   init(row: StoredRow<Todo>) throws {
///     id = try row.id
///     title = try row[Todo.titleAttribute]
///     done = try row[Todo.doneAttribute]
///   }
/// }
/// ```
///
/// `init(row:)` must read what `init(from:)` reads: a test that fetches objects both ways and
/// compares them keeps the two in step.
public protocol RowDecodable: Entity {
  /// Reads an object from one row of its table.
  ///
  /// - Throws: `PersistenceError.decoding` or `PersistenceError.invalidValue` when a column
  ///   does not hold what the attribute expects.
  init(row: StoredRow<Self>) throws
}
