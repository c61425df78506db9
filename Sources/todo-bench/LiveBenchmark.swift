import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TodoCore
import TodoServer

/// `todo-bench live`: the live page's WebSocket on loopback.
///
/// Two measurements against a real server (`buildApplication`) over a temporary database:
/// - the bytes of the changes message sent after one toggle in a list of 10, 1,000 and 10,000
///   todos (target: independent of the list's size, under 1 KB);
/// - the latency from an event sent by one page to the changes message received by each of
///   100 other connected pages, at the median and the 99th percentile (target: p99 < 100 ms).
struct LiveBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live",
    abstract: "Live page: message size per change, and fan-out latency to 100 pages."
  )

  @Option(help: "Pages that receive each change in the fan-out measurement.")
  var pages = 100

  @Option(help: "Measured fan-out rounds (one toggle each).")
  var rounds = 50

  func validate() throws {
    guard (1...500).contains(pages) else { throw ValidationError("--pages must be 1...500") }
    guard (1...1_000).contains(rounds) else { throw ValidationError("--rounds must be 1...1000") }
  }

  func run() async throws {
    // Only errors, on stderr: the table and the summary line are the output.
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = .error
      return handler
    }
    let logger = {
      var logger = Logger(label: "todo-bench.live")
      logger.logLevel = .error
      return logger
    }()
    var table = Table("measurement", "todos", "pages", "samples", "bytes", "p50 ms", "p99 ms")

    var sizes: [Int: Int] = [:]
    for count in [10, 1_000, 10_000] {
      let (bytes, snapshotBytes) = try await LiveServerRun.with(todos: count, logger: logger) {
        port, _ in try await Self.messageSize(port: port, logger: logger)
      }
      sizes[count] = bytes
      table.append("changes message, one toggle", "\(count)", "1", "1", "\(bytes)", "", "")
      table.append("first snapshot (reference)", "\(count)", "1", "1", "\(snapshotBytes)", "", "")
    }

    let (pages, rounds) = (pages, rounds)
    let latencies = try await LiveServerRun.with(todos: 10, logger: logger) { port, _ in
      try await FanOut.measure(port: port, pages: pages, rounds: rounds, logger: logger)
    }
    let p50 = Measure.percentile(latencies, 0.5)
    let p99 = Measure.percentile(latencies, 0.99)
    table.append(
      "fan-out: event → changes at every page", "10", "\(pages)", "\(latencies.count)", "",
      Format.fixed(p50, 3), Format.fixed(p99, 3))

    #if DEBUG
      let build = "DEBUG build: figures are not representative, use -c release"
    #else
      let build = "release build"
    #endif
    print(
      "todo-bench live: real server on 127.0.0.1, WebSocket /live, \(pages) receiving pages, "
        + "\(rounds) rounds, \(build)")
    print(table.rendered)
    print(
      Format.summary([
        "msg_bytes_10": "\(sizes[10] ?? 0)",
        "msg_bytes_1000": "\(sizes[1_000] ?? 0)",
        "msg_bytes_10000": "\(sizes[10_000] ?? 0)",
        "fanout_p50_ms": Format.fixed(p50, 3),
        "fanout_p99_ms": Format.fixed(p99, 3),
      ]))
  }

  /// Opens one page, toggles the middle todo, and returns the size of the changes message
  /// and of the first snapshot.
  static func messageSize(port: Int, logger: Logger) async throws -> (Int, Int) {
    let page = try await BenchPage.open(port: port, logger: logger)
    defer { page.close() }
    let snapshot = try await page.next()
    let items = try snapshot.itemIDs()
    let middle = items[items.count / 2]
    try await page.send(#"{"v":1,"type":"toggle","id":"\#(middle)"}"#)
    let changes = try await page.next()
    guard changes.text.contains(#""type":"changes""#) else {
      throw BenchError("expected a changes message, got \(changes.text.prefix(200))")
    }
    return (changes.bytes, snapshot.bytes)
  }
}
