import ArgumentParser

struct PersistenceBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "persistence")
  func run() async throws {}
}
