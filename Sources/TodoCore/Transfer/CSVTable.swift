/// Rows of comma-separated values (RFC 4180): quoted fields with `""` for a quote and line
/// breaks inside quotes, CRLF or LF line ends, a leading byte order mark ignored.
enum CSVTable {
  /// The rows of `text`; blank lines are left out.
  ///
  /// - Throws: `TodoError.invalidImport` for a quote that is never closed.
  static func rows(_ text: String) throws -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var line = 1
    var characters = Substring(text)
    if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
    var iterator = characters.makeIterator()
    var pending: Character? = nil
    func next() -> Character? {
      if let character = pending {
        pending = nil
        return character
      }
      return iterator.next()
    }
    func endRow() {
      row.append(field)
      field = ""
      if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
      row = []
    }
    while let character = next() {
      if quoted {
        if character == "\"" {
          if let following = next() {
            if following == "\"" {
              field.append("\"")
            } else {
              quoted = false
              pending = following
            }
          } else {
            quoted = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        row.append(field)
        field = ""
      case "\n", "\r\n", "\r":
        line += 1
        endRow()
      default: field.append(character)
      }
    }
    if quoted {
      throw TodoError.invalidImport("line \(line): a quoted field is never closed")
    }
    if !field.isEmpty || !row.isEmpty { endRow() }
    return rows
  }
}
