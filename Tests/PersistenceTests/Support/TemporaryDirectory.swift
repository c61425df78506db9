import Foundation
import Persistence
import PersistenceTestEntities

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("persistence-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var database: URL { url.appendingPathComponent("store.sqlite") }

  func remove() {
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
  let container = try await PersistentContainer(.file(directory.database), entities: entities)
  defer { try? container.close() }
  return try await body(container, directory)
}
