import Foundation

/// Where a container keeps its objects.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
  /// A SQLite database file, opened in WAL mode with a pool of connections. Missing
  /// directories are created.
  case file(URL)
  /// A private in-memory database, gone when the container closes.
  case inMemory
  /// A PostgreSQL database, shared by every process that opens it.
  case postgres(PostgresLocation)

  /// Parses a store's address as a person writes it: a path or `sqlite:PATH` for a SQLite
  /// file (`sqlite::memory:` for memory), `postgresql://` or `postgres://` for PostgreSQL.
  /// Nothing is guessed: any other `scheme:` is an error, so a URL is never taken for a file
  /// name.
  ///
  /// - Parameter text: The address. A relative path is resolved against the current
  ///   directory; `~/` is the home directory.
  /// - Throws: `StoreLocationError` naming what to fix.
  public init(parsing text: String) throws(StoreLocationError) {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw .empty }
    let scheme = Self.scheme(of: text)
    switch scheme?.lowercased() {
    case nil:
      self = .file(Self.fileURL(text))
    case "sqlite":
      var path = String(text.dropFirst("sqlite:".count))
      if path.hasPrefix("//") { path.removeFirst(2) }
      if path == ":memory:" {
        self = .inMemory
        return
      }
      guard !path.isEmpty else { throw .missingPath(text) }
      self = .file(Self.fileURL(path))
    case "postgres", "postgresql":
      self = .postgres(try PostgresLocation(parsing: text))
    case let other?:
      throw .unknownScheme(other)
    }
  }

  /// A description for errors and logs, without a password.
  public var description: String { path }

  /// A description for errors and logs (a path, `:memory:`, or a URL without password).
  var path: String {
    switch self {
    case .file(let url): url.path
    case .inMemory: ":memory:"
    case .postgres(let location): location.description
    }
  }

  /// The `scheme:` a text starts with (letters, then letters, digits, `+`, `-`, `.`), if any.
  private static func scheme(of text: String) -> String? {
    guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = text.utf8[..<colon]
    func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    guard let first = scheme.first, isLetter(first),
      scheme.allSatisfy({ isLetter($0) || (48...57).contains($0) || "+-.".utf8.contains($0) })
    else { return nil }
    return String(text[..<colon])
  }

  private static func fileURL(_ path: String) -> URL {
    if path == "~" || path.hasPrefix("~/") {
      let home = FileManager.default.homeDirectoryForCurrentUser.path
      return URL(fileURLWithPath: home + path.dropFirst())
    }
    return URL(fileURLWithPath: path)
  }
}

/// Why a store address could not be parsed.
public enum StoreLocationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing was given.
  case empty
  /// `sqlite:` without a path.
  case missingPath(String)
  /// A scheme this library does not open.
  case unknownScheme(String)
  /// A PostgreSQL URL that cannot be used, and why.
  case invalidPostgresURL(String, reason: String)

  public var description: String {
    switch self {
    case .empty:
      "the database address is empty; give a file path or postgresql://user@host:port/database"
    case .missingPath(let text):
      "\(text) names no file; write sqlite:PATH"
    case .unknownScheme(let scheme):
      "\(scheme): is not a database this program opens; give a file path, sqlite:PATH, or "
        + "postgresql://user@host:port/database"
    case .invalidPostgresURL(let url, let reason):
      "\(url) is not a usable PostgreSQL URL: \(reason)"
    }
  }
}
