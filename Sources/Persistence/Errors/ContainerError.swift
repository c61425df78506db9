/// Why a container could not open its store.
public enum ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The store's directory could not be created.
  case cannotCreate(path: String, reason: String)
  /// The store's file or directory exists but cannot be written.
  case notWritable(path: String)
  /// The file is not a database of this engine.
  case notADatabase(path: String)
  /// The file is a damaged database.
  case corrupt(path: String, reason: String)
  /// The store has applied migrations that this code does not know: it was written by newer
  /// code. It was opened for nothing and left unmodified.
  ///
  /// A schema version is the number of migrations applied: `storeVersion` is the store's,
  /// `supportedVersion` the newest this code can write.
  case schemaTooNew(
    path: String, storeVersion: Int, supportedVersion: Int, unknownMigrations: [String])
  /// An entity declaration is invalid, or two entities share a table.
  case invalidModel(String)
  /// The database server could not be used: refused connection, unknown host, wrong
  /// password, missing database. The reason names what to fix.
  case cannotConnect(location: String, reason: String)
  /// The container was used before `load()` finished, or after `close()`.
  case notLoaded

  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
    case .notWritable(let path): "\(path) is not writable"
    case .notADatabase(let path): "\(path) is not a database"
    case .corrupt(let path, let reason): "\(path) is corrupt: \(reason)"
    case .schemaTooNew(let path, let store, let supported, let unknown):
      "\(path) has schema version \(store), written by newer code; this code reads schema "
        + "versions up to \(supported). Run the newer version, or restore a backup made by this "
        + "one (unknown migrations: \(unknown.joined(separator: ", ")))"
    case .invalidModel(let reason): "invalid model: \(reason)"
    case .cannotConnect(let location, let reason): "cannot open \(location): \(reason)"
    case .notLoaded: "the container is not loaded"
    }
  }
}
