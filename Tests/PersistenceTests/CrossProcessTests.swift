import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import PersistenceTestSupport
import Testing

@Suite("Other processes", .serialized, .timeLimit(.minutes(2)))
struct CrossProcessTests {
  @Test("Saves killed with SIGKILL at random moments are whole or absent, never half")
  func crashSafety() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var random = SeededRandom(seed: 7)
    var acknowledged: Set<String> = []
    for round in 0..<20 {
      let writer = try WriterProcess(["crash-loop", TestStoreLocation.address(of: directory.store)])
      // Killed after a random number of acknowledged saves, while it goes on saving.
      await writer.waitForLines(Int.random(in: 1...25, using: &random))
      writer.kill()
      let saved = writer.lines.compactMap { line in
        line.hasPrefix("saved ") ? String(line.dropFirst(6)) : nil
      }
      acknowledged.formUnion(saved)

      let check = try await CrashCheck(OutsideConnection(directory))
      #expect(check.integrity == "ok", "round \(round)")
      let present = Set(check.lists)
      #expect(acknowledged.isSubset(of: present), "round \(round): an acknowledged save is lost")
      #expect(check.orphans == 0, "round \(round): a list without exactly one todo")
      #expect(check.todos == check.lists.count, "round \(round): a todo without its list")
    }
    #expect(!acknowledged.isEmpty)
  }

  @Test("Another process's commit reaches an observer through the store's change records")
  func outsideWritesAreObserved() async throws {
    try await withContainer { container, directory in
      let collector = ResultsCollector(container.viewContext.observe(FetchRequest<Todo>()))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.isEmpty }

      let writer = try WriterProcess([
        "insert", TestStoreLocation.address(of: directory.store), "From outside",
      ])
      writer.finish()
      #expect(writer.process.terminationStatus == 0)
      try await collector.waitFor { $0.objects.map(\.title) == ["From outside"] }
      // Applied from the change record: an insert in the changeset, not a rebuilt result.
      let last = try #require(collector.all.last)
      #expect(last.changeset.flatMap(\.elementInserted).count == 1)
      #expect(last.sequence > collector.all[0].sequence)
    }
  }

  @Test("A save conflicting with another process's save fails in that process")
  func conflictInOtherProcess() async throws {
    try await withContainer { container, directory in
      let context = container.viewContext
      var todo = Todo.sample("Mine")
      try context.insert(todo)
      try await context.save()

      let first = try WriterProcess([
        "update", TestStoreLocation.address(of: directory.store), todo.id.uuidString, "A",
      ])
      first.finish()
      #expect(first.lines == ["saved"])
      todo.title = "B"
      try context.update(todo)
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: 2)) {
        try await context.save()
      }
    }
  }
}

/// What a killed writer left in the store.
private struct CrashCheck {
  var integrity: String?
  var lists: [String] = []
  var orphans = 0
  var todos = 0

  init(_ outside: OutsideConnection) async throws {
    // PostgreSQL checks its own pages; SQLite's file is checked here.
    integrity =
      TestStoreLocation.isPostgres
      ? "ok" : try await outside.rows("PRAGMA integrity_check").first?.first ?? nil
    // Killed before the first migration committed: nothing can have been acknowledged.
    let tables = try await outside.count(
      TestStoreLocation.isPostgres
        ? "SELECT count(*) FROM information_schema.tables WHERE table_name = 'todo_list'"
        : "SELECT count(*) FROM sqlite_master WHERE name = 'todo_list'")
    guard tables == 1 else { return }
    lists = try await outside.rows("SELECT id FROM todo_list").compactMap { row in
      guard let hex = row[0] else { return nil }
      return OutsideConnection.uuid(hex: hex)?.uuidString
    }
    orphans = try await outside.count(
      """
      SELECT count(*) FROM todo_list l
      WHERE (SELECT count(*) FROM todo t WHERE t."listID" = l.id) <> 1
      """)
    todos = try await outside.count("SELECT count(*) FROM todo")
  }
}
