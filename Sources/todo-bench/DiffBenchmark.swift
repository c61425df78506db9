import ArgumentParser

struct DiffBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "diff")
  func run() async throws {}
}
