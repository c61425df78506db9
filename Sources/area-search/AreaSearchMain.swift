import AsyncHTTPClient
import Foundation
import NIOCore
import TerminalUI

/// `area-search [--offline]`: the weather-area screen of seed 002 in the terminal.
///
/// Without `--offline` it loads from the agency's server, and from the committed snapshot
/// once the network cannot be reached; with it, from the snapshot only.
@main
struct AreaSearchMain {
  static let usage = """
    usage: area-search [--offline]

    The Japan Meteorological Agency's forecast areas: type to search, Enter for a forecast.
      --offline   read the snapshot committed with the program instead of www.jma.go.jp
      --help      show this help

    """

  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      FileHandle.standardOutput.write(Data(usage.utf8))
      return
    }
    if let unknown = arguments.first(where: { $0 != "--offline" }) {
      fail("area-search: unknown option \(unknown)\n\n" + usage)
    }
    let terminal = Terminal()
    guard terminal.isTerminal else { fail("area-search: needs a terminal\n") }
    let environment = ProcessInfo.processInfo.environment
    if arguments.contains("--offline") {
      await run(client: .offline, terminal: terminal, environment: environment)
      return
    }
    var configuration = HTTPClient.Configuration()
    configuration.timeout = HTTPClient.Configuration.Timeout(
      connect: .seconds(5), read: .seconds(10))
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    await run(
      client: .automatic(live: .live(http: http)), terminal: terminal, environment: environment)
    try? await http.shutdown()
  }

  private static func run(
    client: AreaClient, terminal: Terminal, environment: [String: String]
  ) async {
    do {
      try await AreaSearchApp(client: client, environment: environment).run(on: terminal)
    } catch {
      fail("area-search: \(error)\n")
    }
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(2)
  }
}
