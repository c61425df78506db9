import Foundation
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport

/// A fresh directory under the system's temporary directory, with the test's store in it
/// (or, on PostgreSQL, beside it: a new database), both removed by `remove()`.
struct TemporaryDirectory {
  let url: URL
  /// The test's store, on the engine of this run (``TestStoreLocation``).
  let store: StoreLocation

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("persistence-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    store = try TestStoreLocation.newStore(in: url)
  }

  /// The SQLite file of SQLite-only tests.
  var database: URL { url.appendingPathComponent("store.sqlite") }

  func remove() {
    TestStoreLocation.remove(store)
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a container on a new database file, then closes it and removes the file.
func withContainer<T>(
  entities: [any Entity.Type] = [Todo.self, TodoList.self],
  _ body: (PersistentContainer, TemporaryDirectory) async throws -> T
) async throws -> T {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  let container = try await PersistentContainer(directory.store, entities: entities)
  defer { try? container.close() }
  return try await body(container, directory)
}
