import Foundation
import GRDB
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Write transactions", .timeLimit(.minutes(2)))
struct WriteTransactionTests {
  struct Refused: Error {}

  @Test("A transaction commits everything it wrote, or nothing when its body throws")
  func allOrNothing() async throws {
    try await withContainer { container, _ in
      let list = TodoList(name: "L")
      await #expect(throws: Refused.self) {
        try await container.write { tx in
          try tx.insert(list)
          try tx.insert(Todo(listID: list.id, title: "half"))
          throw Refused()
        }
      }
      let empty = try await container.read { tx in try tx.count(FetchRequest<Todo>()) }
      #expect(empty == 0)
      let saved = try await container.write { tx in
        try tx.insert(list)
        return try tx.insert(Todo(listID: list.id, title: "whole"))
      }
      let stored = try await container.read { tx in try tx.fetch(FetchRequest<Todo>()) }
      #expect(stored == [saved])
    }
  }

  @Test("written(_:) lists what the transaction wrote, as last written; existingOnly the old")
  func written() async throws {
    try await withContainer { container, _ in
      let list = TodoList(name: "L")
      let (old, gone) = try await container.write { tx in
        try tx.insert(list)
        return (
          try tx.insert(Todo(listID: list.id, title: "old")),
          try tx.insert(Todo(listID: list.id, title: "gone"))
        )
      }
      let seen = try await container.write { tx in
        var changed = old
        changed.title = "old, changed"
        let updated = try tx.update(changed)
        var fresh = try tx.insert(Todo(listID: list.id, title: "new"))
        fresh.title = "new, changed"
        fresh = try tx.update(fresh)
        var doomed = gone
        doomed.title = "gone, changed"
        try tx.delete(try tx.update(doomed))
        return (
          all: tx.written(Todo.self).map(\.title),
          existing: tx.written(Todo.self, existingOnly: true),
          updated: updated, fresh: fresh
        )
      }
      #expect(seen.all == ["new, changed", "old, changed"])
      #expect(seen.existing == [seen.updated])
    }
  }

  @Test("An update names the version it read; a stale version is a conflict and writes nothing")
  func versionChecked() async throws {
    try await withContainer { container, _ in
      let todo = try await container.write { tx in
        try tx.insert(Todo(listID: UUID(), title: "v1"))
      }
      var changed = todo
      changed.title = "v2"
      _ = try await container.write { [changed] tx in try tx.update(changed, expectedVersion: 1) }
      var stale = todo
      stale.title = "stale"
      await #expect(throws: PersistenceError.conflict(entity: "todo", id: todo.id, current: 2)) {
        try await container.write { [stale] tx in try tx.update(stale, expectedVersion: 1) }
      }
      let current = try await container.read { tx in try tx.object(Todo.self, id: todo.id) }
      #expect(current?.title == "v2")
    }
  }

  @Test("Read-modify-write transactions of two processes lose no update, with no lock of ours")
  func noLostUpdatesAcrossContainers() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Two containers on one file are two connection pools: what two processes are.
    let first = try await PersistentContainer(
      directory.store, entities: [Todo.self, TodoList.self])
    let second = try await PersistentContainer(
      directory.store, entities: [Todo.self, TodoList.self])
    defer {
      try? first.close()
      try? second.close()
    }
    let counter = try await first.write { tx in
      try tx.insert(Todo(listID: UUID(), title: "counter", priority: 0))
    }
    let rounds = 50
    try await withThrowingTaskGroup(of: Void.self) { group in
      for container in [first, second] {
        group.addTask {
          for _ in 0..<rounds {
            try await container.write { tx in
              guard var todo = try tx.object(Todo.self, id: counter.id) else { return }
              todo.priority += 1
              try tx.update(todo)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let final = try await first.read { tx in try tx.object(Todo.self, id: counter.id) }
    #expect(final?.priority == 2 * rounds)
  }

  @Test("A transaction's commit reaches observers with the objects it wrote")
  func observed() async throws {
    try await withContainer { container, _ in
      let collector = ResultsCollector(container.viewContext.observe(FetchRequest<Todo>()))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.isEmpty }
      let todo = try await container.write { tx in try tx.insert(Todo(listID: UUID(), title: "t")) }
      try await collector.waitFor { $0.objects == [todo] }
    }
  }

  @Test("Observers of the same request share one observation and get the same values")
  func sharedObservation() async throws {
    try await withContainer { container, _ in
      let before = container.observerCount
      let request = FetchRequest<Todo>(sortedBy: [Todo.titleAttribute.ascending])
      let a = ResultsCollector(container.viewContext.observe(request))
      let b = ResultsCollector(container.newBackgroundContext().observe(request))
      defer {
        a.cancel()
        b.cancel()
      }
      try await a.waitFor { $0.objects.isEmpty }
      try await b.waitFor { $0.objects.isEmpty }
      #expect(container.observerCount == before + 1)
      let todo = try await container.write { tx in try tx.insert(Todo(listID: UUID(), title: "s")) }
      try await a.waitFor { $0.objects == [todo] }
      try await b.waitFor { $0.objects == [todo] }
      #expect(a.all.last?.sequence == b.all.last?.sequence)
    }
  }
}

@Suite("Change records", .timeLimit(.minutes(2)))
struct ChangeRecordTests {
  @Test("A local commit after another process's commits publishes theirs first, in store order")
  func gapFilledBeforeOwnCommit() async throws {
    try await withTwoProcesses { mine, theirs, collector, _ in
      let other = try await theirs.write { tx in try tx.insert(Todo(listID: UUID(), title: "B")) }
      let own = try await mine.write { tx in try tx.insert(Todo(listID: UUID(), title: "A")) }
      try await collector.waitFor { Set($0.objects.map(\.id)) == [other.id, own.id] }
      // Theirs was published before ours (alone, or with ours in one value): no value ever
      // has ours without theirs, and sequences only grow.
      let titles = collector.all.map { $0.objects.map(\.title).sorted() }
      #expect(!titles.contains(["A"]))
      let sequences = collector.all.map(\.sequence)
      #expect(sequences == sequences.sorted())
    }
  }

  @Test("Records pruned before they were read make observers refetch")
  func prunedRecordsRefetch() async throws {
    try await withTwoProcesses { mine, theirs, collector, directory in
      for title in ["B1", "B2"] {
        _ = try await theirs.write { tx in try tx.insert(Todo(listID: UUID(), title: title)) }
      }
      // Prune every record, as a long-lived store does with old ones.
      try await OutsideConnection(directory).execute("DELETE FROM persistence_changes")
      _ = try await mine.write { tx in try tx.insert(Todo(listID: UUID(), title: "A")) }
      try await collector.waitFor { $0.objects.map(\.title).sorted() == ["A", "B1", "B2"] }
    }
  }

  /// Runs `body` with two containers on one file (two processes, as far as the store can
  /// tell) and an observer of every todo through the first. The first never polls during a
  /// test: only its own commits can notice the other's.
  private func withTwoProcesses(
    _ body: (PersistentContainer, PersistentContainer, ResultsCollector<Todo>, TemporaryDirectory)
      async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let mine = try await PersistentContainer(
      directory.store, entities: [Todo.self, TodoList.self],
      pollingInterval: .seconds(3_600))
    let theirs = try await PersistentContainer(
      directory.store, entities: [Todo.self, TodoList.self])
    defer {
      try? mine.close()
      try? theirs.close()
    }
    let collector = ResultsCollector(mine.viewContext.observe(FetchRequest<Todo>()))
    defer { collector.cancel() }
    try await collector.waitFor { $0.objects.isEmpty }
    try await body(mine, theirs, collector, directory)
  }
}
