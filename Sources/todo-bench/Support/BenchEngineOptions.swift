import ArgumentParser

/// `--engine` and `--postgres-url`: the engine a benchmark's stores live on.
struct BenchEngineOptions: ParsableArguments {
  @Option(help: "The engine measured: sqlite, or postgres.")
  var engine = "sqlite"

  @Option(
    help: ArgumentHelp(
      "The PostgreSQL server for --engine postgres (default: $TODO_BENCH_POSTGRES_URL).",
      discussion: "A URL whose role may create databases: each measurement runs on a new one."))
  var postgresURL: String?

  func validate() throws {
    _ = try resolved()
  }

  /// The engine the options name.
  func resolved() throws -> BenchEngine {
    try BenchEngine(name: engine, postgresURL: postgresURL)
  }
}
