import ArgumentParser

/// The project's release-mode benchmarks, one subcommand per benchmark.
///
/// Run with `swift run -c release todo-bench <name>`. Every subcommand prints a readable table
/// and, as its very last line, `summary:` followed by `key=value` figures.
@main
struct TodoBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo-bench",
    abstract: "Release-mode benchmarks of the todo stack, each against a baseline in the same run.",
    subcommands: [
      DiffBenchmark.self, PersistenceBenchmark.self, StoreBenchmark.self, ApiBenchmark.self,
      LiveBenchmark.self, PageBenchmark.self, SoakBenchmark.self, CalDAVBenchmark.self,
      RemindersBenchmark.self, IdlePagesCommand.self,
    ]
  )
}
