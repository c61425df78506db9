import Foundation
import GRDB
import Persistence

/// A temporary directory holding the benchmark's database files.
struct BenchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-bench-persistence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A new database file name in the directory.
  func newFile(_ name: String) -> URL {
    url.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite")
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Opens a GRDB pool on a file whose table was created by the library (identical schema),
/// so both sides write and read the same table layout.
func makeBaselinePool(at url: URL) async throws -> DatabasePool {
  let container = try await PersistentContainer(.file(url), entities: [BenchTodo.self])
  try container.close()
  return try DatabasePool(path: url.path, configuration: baselineConfiguration)
}

/// The configuration of the GRDB baselines: the same durability as the library's pools.
var baselineConfiguration: Configuration {
  var configuration = Configuration()
  configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
  return configuration
}
