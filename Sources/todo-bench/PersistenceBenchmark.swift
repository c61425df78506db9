import ArgumentParser
import Foundation
import GRDB
import Persistence

/// `todo-bench persistence`: the object store against GRDB written by hand, in one run.
///
/// - insert: 100,000 objects in one save, against Codable GRDB records in one transaction and
///   against one prepared GRDB statement (the floor);
/// - fetch: 50,000 objects sorted by title, against Codable GRDB records;
/// - observe: from saving one changed object of a 10,000-object observed request to the
///   delivered value (objects, snapshot, changeset);
/// - move: rows written by moving one object in a 10,000-object ordered list.
struct PersistenceBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "persistence",
    abstract: "Persistence against GRDB records and statements.")

  @Option(help: "Objects inserted in one save.")
  var insertCount = 100_000

  @Option(help: "Objects fetched sorted.")
  var fetchCount = 50_000

  @Option(help: "Objects in the observed request and the ordered list.")
  var observedCount = 10_000

  @Option(help: "Repetitions of the insert (the best is kept).")
  var repetitions = 3

  @Option(help: "Repetitions of the fetch (the best is kept).")
  var fetchRepetitions = 9

  @Option(help: "Observed commits measured.")
  var commits = 300

  @OptionGroup var store: BenchEngineOptions

  func run() async throws {
    if case .postgres(let url) = try store.resolved() {
      // Each object is a round trip to the server on both sides: fewer than on SQLite.
      let benchmark = PostgresPersistenceBenchmark(
        url: url, insertCount: min(insertCount, 10_000), fetchCount: min(fetchCount, 10_000),
        observedCount: observedCount, repetitions: repetitions)
      try await benchmark.run()
      return
    }
    let directory = try BenchDirectory()
    defer { directory.remove() }
    var table = PersistenceTable(baseline: "baseline")

    let insert = try await measureInsert(directory)
    table.compare(
      "insert \(insertCount) (ms) vs GRDB records", ours: insert.ours, baseline: insert.records)
    table.compare(
      "insert \(insertCount) (ms) vs prepared statement", ours: insert.ours,
      baseline: insert.statement)

    let fetch = try await measureFetch(directory)
    table.compare(
      "fetch \(fetchCount) sorted (ms) vs GRDB records", ours: fetch.ours, baseline: fetch.records)

    let observe = try await measureObservation(directory)
    table.figure("observe \(observedCount): p50 (ms)", Format.fixed(observe.p50, 3))
    table.figure("observe \(observedCount): p99 (ms)", Format.fixed(observe.p99, 3))
    table.figure(
      "observe: snapshot of \(observedCount) ids alone (ms)", Format.fixed(observe.snapshot, 3))
    table.figure("observe: save() alone p50 (ms)", Format.fixed(observe.save, 3))
    table.figure("observe \(observedCount): refetch (ms)", Format.fixed(observe.refetch, 3))

    let moveRows = try await measureMove(directory)
    table.move(rows: moveRows, in: observedCount)

    table.print(summary: [
      "insert_ratio": Format.fixed(insert.ours / insert.records),
      "fetch_ratio": Format.fixed(fetch.ours / fetch.records),
      "insert_vs_statement": Format.fixed(insert.ours / insert.statement),
      "observe_p50_ms": Format.fixed(observe.p50, 3),
      "observe_p99_ms": Format.fixed(observe.p99, 3),
      "move_rows": "\(moveRows)",
    ])
  }
}
