import ArgumentParser

struct StoreBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "store")
  func run() async throws {}
}
