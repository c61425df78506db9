import Foundation
import Persistence

/// Backups of a whole todo store, on either engine: lists, todos, the trash, history,
/// accounts, tokens, shares, saved filters, reminders and CalDAV state, every object at its
/// version. Sign-in sessions are left out: a restored server signs everyone in again.
///
/// A backup is a SQLite database file with the store's own schema, so `sqlite3` opens it, a
/// newer `todo` upgrades it when it restores it, and a backup of a PostgreSQL store restores
/// into SQLite and back.
public enum StoreBackup {
  /// What a backup or a restore wrote.
  public struct Summary: Sendable, Equatable {
    /// Objects written, by entity name.
    public var counts: [String: Int]
    /// The number of lists, todos and accounts, for a person.
    public var description: String {
      let lists = counts[TodoList.entityName] ?? 0
      let todos = counts[Todo.entityName] ?? 0
      let accounts = counts[Account.entityName] ?? 0
      return "\(lists) list\(lists == 1 ? "" : "s"), \(todos) todo\(todos == 1 ? "" : "s"), "
        + "\(accounts) account\(accounts == 1 ? "" : "s")"
    }
  }

  /// Entities a backup leaves out: what only makes sense on the server that made it.
  static let excluded: Set<String> = [AccountSession.entityName, SignInThrottle.entityName]

  /// Writes a consistent backup of `container`'s store to `file`, while other writers go on:
  /// one read snapshot, written to a temporary file beside `file`, read back and compared,
  /// then renamed over `file` (a crash leaves the old file or the new one, never half of one).
  ///
  /// - Throws: `TodoError.unavailable` when the file cannot be written or does not read back
  ///   the same; store errors as they are.
  @discardableResult
  public static func write(_ container: PersistentContainer, to file: URL) async throws -> Summary {
    let snapshot = try await container.snapshot().excluding(excluded)
    let directory = file.deletingLastPathComponent()
    let partial = directory.appendingPathComponent(
      ".\(file.lastPathComponent).\(UUID().uuidString).partial")
    defer { removeDatabase(at: partial) }
    let counts = try await copy(snapshot, into: .file(partial))
    // Read back what was written: the same objects at the same versions.
    let written = try await read(partial)
    guard written.counts == counts, same(written, snapshot) else {
      throw TodoError.unavailable("the backup \(file.path) did not read back as written")
    }
    // rename(2) replaces the file in one step, on the same file system.
    guard rename(partial.path, file.path) == 0 else {
      throw TodoError.unavailable(
        "cannot write \(file.path): \(String(cString: strerror(errno)))")
    }
    return Summary(counts: counts)
  }

  /// Restores the backup in `file` into `container`'s store, replacing what it holds in one
  /// transaction. A store that holds anything but a new store's empty Inbox is refused unless
  /// `replacing`.
  ///
  /// - Throws: `TodoError.invalidImport` for a file that is not a backup (or one written by a
  ///   newer `todo`), `TodoError.validation` for a store that is not empty.
  @discardableResult
  public static func restore(_ file: URL, into container: PersistentContainer, replacing: Bool)
    async throws -> Summary
  {
    let snapshot = try await read(file)
    if !replacing {
      let current = try await container.snapshot()
      if let held = holdings(current) {
        throw TodoError.validation(
          field: "database",
          message: "the database already holds \(held); restore into an empty one, or replace "
            + "everything in it with --replace")
      }
    }
    let counts = try await container.replaceContents(with: snapshot)
    return Summary(counts: counts)
  }

  /// The backup in `file`, read from a private copy (so that opening it, which upgrades an
  /// older backup's schema, never changes the file).
  ///
  /// - Throws: `TodoError.invalidImport` naming what is wrong with the file.
  public static func read(_ file: URL) async throws -> StoreSnapshot {
    guard FileManager.default.isReadableFile(atPath: file.path) else {
      throw TodoError.invalidImport("\(file.path) cannot be read")
    }
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todo-restore-\(UUID().uuidString).sqlite")
    defer { removeDatabase(at: copy) }
    do {
      try FileManager.default.copyItem(at: file, to: copy)
    } catch {
      throw TodoError.invalidImport("\(file.path) cannot be read: \(error.localizedDescription)")
    }
    let container: PersistentContainer
    do {
      container = try await PersistentContainer(.file(copy), entities: TodoService.entities)
    } catch let error as ContainerError {
      throw TodoError.invalidImport(
        "\(file.path) is not a backup of todo: "
          + "\(error)".replacingOccurrences(of: copy.path, with: file.lastPathComponent))
    }
    defer { try? container.close() }
    return try await container.snapshot()
  }

  /// Writes `snapshot` into a new store at `location`.
  private static func copy(_ snapshot: StoreSnapshot, into location: StoreLocation) async throws
    -> [String: Int]
  {
    let target = try await PersistentContainer(location, entities: TodoService.entities)
    let counts: [String: Int]
    do {
      counts = try await target.replaceContents(with: snapshot)
    } catch {
      try? target.close()
      throw error
    }
    // Closing the last connection checkpoints the write-ahead log into the file: the backup
    // is then that one file.
    try target.close()
    return counts
  }

  /// What a store holds besides a new store's empty Inbox, for a person; `nil` for nothing.
  static func holdings(_ snapshot: StoreSnapshot) -> String? {
    let lists = snapshot.objects(TodoList.self).filter { $0.id != TodoList.inboxID }.count
    let todos = snapshot.counts[Todo.entityName] ?? 0
    let accounts = snapshot.counts[Account.entityName] ?? 0
    guard lists + todos + accounts > 0 else { return nil }
    return Summary(counts: [
      TodoList.entityName: lists, Todo.entityName: todos, Account.entityName: accounts,
    ]).description
  }

  /// Whether two snapshots hold the same objects at the same versions.
  private static func same(_ a: StoreSnapshot, _ b: StoreSnapshot) -> Bool {
    a.identities == b.identities
  }

  /// Removes a SQLite database file and its journal files.
  private static func removeDatabase(at url: URL) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
  }
}
