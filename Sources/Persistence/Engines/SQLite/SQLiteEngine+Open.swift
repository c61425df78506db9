import Foundation
import GRDB

extension SQLiteEngine {
  /// Opens (creating if needed) and migrates a store.
  ///
  /// An existing file is first checked through a read-only connection: a file that is not a
  /// database, is damaged, or has migrations this code does not know is reported and left
  /// byte-for-byte unmodified.
  ///
  /// - Parameter file: The database file, or `nil` for a private in-memory database.
  static func open(
    file: URL?, entities: [any Entity.Type],
    publish: @escaping @Sendable (ChangeHub.Event) -> Void
  ) async throws -> SQLiteEngine {
    let tables = try TableInfo.tables(of: entities)
    let migrations = try MigrationPlan(entities: entities)
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.label = "Persistence"
    configuration.prepareDatabase { db in
      db.add(function: containsFunction)
      // In WAL mode NORMAL never corrupts and never loses a commit when the process dies;
      // only a power cut may roll back the last commits. See the module's design notes.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }

    let writer: any DatabaseWriter
    let path = file?.path ?? StoreLocation.inMemory.path
    switch file {
    case nil:
      writer = try DatabaseQueue(configuration: configuration)
    case let url?:
      try prepareDirectory(for: url)
      try checkExistingFile(at: url, migrations: migrations)
      do {
        writer = try await openPool(path: url.path, configuration: configuration)
      } catch let error as DatabaseError {
        throw containerError(error, path: url.path)
      }
    }

    let sequence: Int64
    do {
      sequence = try await writer.write { db in
        try migrations.apply(db, path: path)
        return try ChangeLog.lastSequence(db)
      }
    } catch let error as DatabaseError {
      throw containerError(error, path: path)
    }
    return SQLiteEngine(
      location: path, writer: writer, tables: tables, entities: entities,
      sequence: sequence, publish: publish)
  }

  /// Opens a pool, waiting while another connection holds the lock that switching a new
  /// file to WAL needs: SQLite answers that `PRAGMA journal_mode` with `SQLITE_BUSY` at once,
  /// without the busy handler, when several processes (or pools) open a new store together.
  /// It waits as long as the busy timeout would (10 s), then throws SQLite's busy error.
  private static func openPool(path: String, configuration: Configuration) async throws
    -> DatabasePool
  {
    let deadline = ContinuousClock.now + .seconds(10)
    var pause = Duration.milliseconds(2)
    while true {
      do {
        return try DatabasePool(path: path, configuration: configuration)
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
      {
        try await Task.sleep(for: pause)
        pause = min(pause * 2, .milliseconds(50))
      }
    }
  }

  private static let containsFunction = DatabaseFunction(
    TextMatching.containsFunctionName, argumentCount: 2, pure: true
  ) { values in
    guard let haystack = String.fromDatabaseValue(values[0]),
      let needle = String.fromDatabaseValue(values[1])
    else { return nil }
    return TextMatching.containsIgnoringCase(haystack, needle)
  }

  // MARK: - Checks before opening

  private static func prepareDirectory(for url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ContainerError.cannotCreate(path: directory.path, reason: "a file is in the way")
      }
    } else {
      do {
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw ContainerError.cannotCreate(path: directory.path, reason: "\(error)")
      }
    }
    // WAL mode creates files beside the database: the directory itself must be writable.
    // A probe file tells the truth even for a superuser on a read-only file system.
    let probe = directory.appendingPathComponent(".persistence-probe-\(UUID().uuidString)")
    guard files.createFile(atPath: probe.path, contents: nil) else {
      throw ContainerError.notWritable(path: directory.path)
    }
    try? files.removeItem(at: probe)
    if files.fileExists(atPath: url.path) {
      guard let handle = FileHandle(forUpdatingAtPath: url.path) else {
        throw ContainerError.notWritable(path: url.path)
      }
      try? handle.close()
    }
  }

  private static func checkExistingFile(at url: URL, migrations: MigrationPlan) throws {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    guard let size = attributes?[.size] as? NSNumber, size.intValue > 0 else { return }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    do {
      let queue = try DatabaseQueue(path: url.path, configuration: configuration)
      defer { try? queue.close() }
      try queue.read { db in
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
        try migrations.checkNotNewer(db, path: url.path)
      }
    } catch let error as DatabaseError {
      throw containerError(error, path: url.path)
    }
  }

  static func containerError(_ error: DatabaseError, path: String) -> any Error {
    switch error.resultCode {
    case .SQLITE_NOTADB: ContainerError.notADatabase(path: path)
    case .SQLITE_CORRUPT: ContainerError.corrupt(path: path, reason: error.message ?? "\(error)")
    case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: ContainerError.notWritable(path: path)
    default: EngineError(error)
    }
  }
}
