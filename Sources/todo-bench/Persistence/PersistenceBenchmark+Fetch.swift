import ArgumentParser
import Foundation
import GRDB
import Persistence

extension PersistenceBenchmark {
  struct FetchTimes {
    var ours = Double.infinity
    var records = Double.infinity
  }

  /// Fetches the same sorted objects from the same file, through a fresh context each time
  /// and through Codable GRDB records.
  func measureFetch(_ directory: BenchDirectory) async throws -> FetchTimes {
    let url = directory.newFile("fetch")
    let container = try await PersistentContainer(.file(url), entities: [BenchTodo.self])
    let setup = container.newBackgroundContext()
    for todo in BenchTodo.make(fetchCount) { try setup.insert(todo) }
    try await setup.save()
    let pool = try DatabasePool(path: url.path, configuration: baselineConfiguration)
    defer {
      try? pool.close()
      try? container.close()
    }

    var times = FetchTimes()
    let request = FetchRequest<BenchTodo>(sortedBy: [BenchTodo.titleAttribute.ascending])
    var ourCount = 0
    var recordCount = 0
    for _ in 0..<max(1, fetchRepetitions) {
      let context = container.newBackgroundContext()
      let ours = try await Measure.elapsedMilliseconds {
        ourCount = try await context.fetch(request).count
      }
      times.ours = min(times.ours, ours)
      let records = try await Measure.elapsedMilliseconds {
        recordCount = try await pool.read { db in
          try BenchTodo.order(Column("title")).fetchAll(db)
        }.count
      }
      times.records = min(times.records, records)
    }
    guard ourCount == fetchCount, recordCount == fetchCount else {
      throw ValidationError("fetched \(ourCount) and \(recordCount) of \(fetchCount) objects")
    }
    return times
  }
}
