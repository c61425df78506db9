import Foundation

/// Where a container keeps its objects.
public enum StoreLocation: Sendable, Hashable {
  /// A SQLite database file, opened in WAL mode with a pool of connections. Missing
  /// directories are created.
  case file(URL)
  /// A private in-memory database, gone when the container closes.
  case inMemory

  /// A description for errors and logs.
  var path: String {
    switch self {
    case .file(let url): url.path
    case .inMemory: ":memory:"
    }
  }
}
