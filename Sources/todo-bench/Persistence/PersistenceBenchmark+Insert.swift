import Foundation
import GRDB
import Persistence

extension PersistenceBenchmark {
  struct InsertTimes {
    var ours = Double.infinity
    var records = Double.infinity
    var statement = Double.infinity
  }

  /// Inserts the same objects three ways, each on a fresh file, keeping the best of each.
  func measureInsert(_ directory: BenchDirectory) async throws -> InsertTimes {
    var times = InsertTimes()
    for _ in 0..<max(1, repetitions) {
      let todos = BenchTodo.make(insertCount)

      let container = try await PersistentContainer(
        .file(directory.newFile("ours")), entities: [BenchTodo.self])
      let context = container.newBackgroundContext()
      let ours = try await Measure.elapsedMilliseconds {
        for todo in todos { try context.insert(todo) }
        try await context.save()
      }
      try container.close()
      times.ours = min(times.ours, ours)

      let recordPool = try await makeBaselinePool(at: directory.newFile("records"))
      let recordTime = try Measure.milliseconds {
        try recordPool.write { db in
          for todo in todos { try todo.insert(db) }
        }
      }
      try recordPool.close()
      times.records = min(times.records, recordTime)

      let statementPool = try await makeBaselinePool(at: directory.newFile("statement"))
      let statementTime = try Measure.milliseconds {
        try statementPool.write { db in
          let statement = try db.makeStatement(
            sql: """
              INSERT INTO todo (id, listID, title, done, priority, note) \
              VALUES (?, ?, ?, ?, ?, ?)
              """)
          for todo in todos {
            try statement.execute(arguments: [
              todo.id, todo.listID, todo.title, todo.done, todo.priority, todo.note,
            ])
          }
        }
      }
      try statementPool.close()
      times.statement = min(times.statement, statementTime)
    }
    return times
  }
}
