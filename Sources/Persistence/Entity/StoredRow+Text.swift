import GRDBSQLite

extension StoredRow {
  /// Hands the UTF-8 bytes of a text attribute's column to `body` as the row holds them,
  /// without making a `String`: for a caller that copies them on, as a response body written
  /// straight from the rows (``ReadTransaction/forEachRow(_:_:)``).
  ///
  /// The bytes are the stored text, unchecked: only the attribute's type can say whether they
  /// are one of its values. They are valid only during the call.
  ///
  /// - Returns: What `body` returns, or `nil` when the column is `NULL`.
  /// - Throws: `PersistenceError.invalidValue` when the column holds something other than
  ///   text; what `body` throws.
  public func withUTF8<Value: AttributeValue, Result>(
    _ attribute: Attribute<Root, Value>,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) throws -> Result? {
    let index = try columnIndex(named: attribute.name)
    switch source {
    case .sqlite(let statement):
      let column = CInt(index)
      switch sqlite3_column_type(statement, column) {
      case SQLITE_NULL:
        return nil
      case SQLITE_TEXT:
        // The length is asked after the text, as SQLite's documentation says.
        let text = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
      default:
        throw PersistenceError.invalidValue(type: "text", value: StoredValue(statement, column))
      }
    case .postgres(let cells):
      return try cells.withUTF8(atIndex: index, body)
    }
  }
}
