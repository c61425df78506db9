import Foundation
import Persistence

/// Where the database is: `--db`, `$TODO_DB`, `$DATABASE_URL`, or the XDG data directory.
enum DatabasePath {
  /// The store for an explicit `--db` value (if any) and an environment: `--db`, else
  /// `$TODO_DB`, else `$DATABASE_URL` (as hosting platforms set it), else the default file.
  /// A value is parsed, never guessed (``StoreLocation/init(parsing:)``).
  ///
  /// - Parameters:
  ///   - explicit: The `--db` option.
  ///   - environment: The process environment.
  /// - Throws: `CLIError.invalid` naming the value and what is wrong with it.
  static func resolve(_ explicit: String?, environment: [String: String]) throws -> StoreLocation {
    let sources: [(String, String?)] = [
      ("--db", explicit), ("$TODO_DB", environment["TODO_DB"]),
      ("$DATABASE_URL", environment["DATABASE_URL"]),
    ]
    for (name, value) in sources {
      guard let value, !value.isEmpty else { continue }
      do {
        return try StoreLocation(parsing: value)
      } catch {
        throw CLIError.invalid("\(name): \(error)")
      }
    }
    return .file(defaultFile(environment: environment))
  }

  /// `$XDG_DATA_HOME/todo/todo.sqlite`, or `~/.local/share/todo/todo.sqlite`.
  static func defaultFile(environment: [String: String]) -> URL {
    XDGDirectory.data.todoFolder(in: environment).appendingPathComponent("todo.sqlite")
  }

  /// Where the numbers of the last listing are kept: beside a database file, else in the
  /// user's state directory, one file per database server and name.
  static func numbersFile(for location: StoreLocation, environment: [String: String]) -> URL {
    switch location {
    case .file(let url):
      return url.deletingLastPathComponent().appendingPathComponent(
        url.lastPathComponent + ".numbers.json")
    case .inMemory, .postgres:
      let name = location.description.map { $0.isLetter || $0.isNumber ? $0 : "_" }
      return XDGDirectory.state.todoFolder(in: environment).appendingPathComponent(
        "\(String(name)).numbers.json")
    }
  }
}
