/// The rules of the store's table and column names, and the table name proposed for a type.
enum StoreName {
  /// Whether `name` is a column name the store accepts: letters, digits and `_`, not starting
  /// with a digit, so that every SQL engine takes it unquoted.
  static func isValidColumn(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
  }

  /// Whether `name` is a table name the store accepts: a column name that does not start with
  /// `persistence_`, where the store keeps its own tables.
  static func isValidTable(_ name: String) -> Bool {
    isValidColumn(name) && !name.hasPrefix("persistence_")
  }

  /// The snake-case table name for a type: `TodoList` is `todo_list`, `URLCache` `url_cache`.
  static func table(forType typeName: String) -> String {
    let characters = Array(typeName)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          result.append("_")
        }
      }
      result.append(contentsOf: character.lowercased())
    }
    return result
  }
}
