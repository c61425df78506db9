import ArgumentParser
import Foundation
import Logging
import TodoCore
import TodoServer

/// `todo-bench page`: the live page in headless Chromium, driven through the DevTools
/// protocol, against real servers (`buildApplication`) on loopback.
///
/// - Input to paint, through a proxy that delays every byte by `--delay-ms` each way (200:
///   another continent): a toggle, an add and a move (Alt+↑) on a list of 100 todos, from the
///   input's event to the frame painted after it, against the same page's floor, a class
///   toggled on the body (target: p99 under 50 ms for each, the page's prediction showing
///   without the round trip). Every input is checked to have been predicted, and the page
///   waits for the server's acknowledgement before the next one.
/// - Opening a list of 10,000 todos on loopback, from navigation to its first rows painted,
///   against the same page with an empty list (target: under 1,000 ms), and through the
///   proxy; the renderer's JavaScript heap with the 10,000 todos against the empty list.
struct PageBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "page",
    abstract: "The page in Chromium: input to paint at a distance, opening 10,000 todos."
  )

  @Option(help: "The proxy's delay each way, in milliseconds.")
  var delayMs = 200

  @Option(help: "Measured inputs of each kind.")
  var rounds = 60

  @Option(help: "Todos in the list the inputs act on.")
  var inputTodos = 100

  @Option(help: "Todos in the large list.")
  var largeTodos = 10_000

  @Option(help: "Openings of each list measured (the median is reported).")
  var opens = 5

  func validate() throws {
    guard (0...2_000).contains(delayMs) else {
      throw ValidationError("--delay-ms must be 0...2000")
    }
    guard (1...1_000).contains(rounds), (1...50).contains(opens) else {
      throw ValidationError("--rounds must be 1...1000, --opens 1...50")
    }
    guard (2...10_000).contains(inputTodos), (1...200_000).contains(largeTodos) else {
      throw ValidationError("--input-todos must be 2...10000, --large-todos 1...200000")
    }
  }

  func run() async throws {
    let logger = BenchLogging.errorsOnly(label: "todo-bench.page")
    print("todo-bench page (\(Format.build)): Chromium through the DevTools protocol")
    let browser = try await DevTools.launch(logger: logger)
    defer { browser.close() }
    let delay = Duration.milliseconds(delayMs)

    // Inputs at a distance: the server accepts the proxy's origin as its public one.
    let proxyPort = try await Self.freePort()
    let inputs = try await Self.withServer(todos: inputTodos, publicPort: proxyPort, logger: logger)
    {
      port in
      try await DelayProxy.with(target: port, delay: delay, port: proxyPort) { proxy in
        try await PageMeasure(browser: browser).inputs(
          url: "http://127.0.0.1:\(proxy.port)/", todos: inputTodos, rounds: rounds)
      }
    }

    // Opening the large list, and the same page empty.
    let empty = try await Self.withServer(todos: 0, logger: logger) { port in
      try await PageMeasure(browser: browser).open(url: "http://127.0.0.1:\(port)/", opens: opens)
    }
    let largePort = try await Self.freePort()
    let large = try await Self.withServer(
      todos: largeTodos, publicPort: largePort, logger: logger
    ) { port in
      let measure = PageMeasure(browser: browser)
      let near = try await measure.open(url: "http://127.0.0.1:\(port)/", opens: opens)
      let far = try await DelayProxy.with(target: port, delay: delay, port: largePort) { proxy in
        try await measure.open(url: "http://127.0.0.1:\(proxy.port)/", opens: 1)
      }
      return (near: near, far: far)
    }

    var table = Table("measurement", "p50 ms", "p99 ms", "vs floor (p99)")
    for kind in PageMeasure.Input.allCases {
      let samples = inputs[kind] ?? []
      table.append(
        "\(kind.rawValue) at \(delayMs) ms, \(inputTodos) todos",
        Format.fixed(Measure.percentile(samples, 0.5)),
        Format.fixed(Measure.percentile(samples, 0.99)),
        kind == .floor ? "" : Format.fixed(ratio(kind, inputs)))
    }
    print(table.rendered)
    var opening = Table("opening", "ms (median)", "JS heap MB")
    opening.append(
      "empty list, loopback", Format.fixed(empty.milliseconds), Format.fixed(empty.heap / 1e6))
    opening.append(
      "\(largeTodos) todos, loopback", Format.fixed(large.near.milliseconds),
      Format.fixed(large.near.heap / 1e6))
    opening.append(
      "\(largeTodos) todos, \(delayMs) ms away", Format.fixed(large.far.milliseconds),
      Format.fixed(large.far.heap / 1e6))
    print(opening.rendered)

    let p99 = { (kind: PageMeasure.Input) in Measure.percentile(inputs[kind] ?? [], 0.99) }
    let worst = max(p99(.toggle), p99(.add), p99(.move))
    print(
      Format.summary([
        ("delay_ms", "\(delayMs)"),
        ("input_to_paint_p99_ms_toggle", Format.fixed(p99(.toggle))),
        ("input_to_paint_p99_ms_add", Format.fixed(p99(.add))),
        ("input_to_paint_p99_ms_move", Format.fixed(p99(.move))),
        ("input_to_paint_p99_ms_floor", Format.fixed(p99(.floor))),
        ("input_to_paint_p99_ms", Format.fixed(worst)),
        ("input_vs_floor", Format.fixed(worst / p99(.floor))),
        ("input_ok", worst < 50 ? "yes" : "no"),
        ("open_\(largeTodos)_ms", Format.fixed(large.near.milliseconds)),
        ("open_empty_ms", Format.fixed(empty.milliseconds)),
        ("open_vs_empty", Format.fixed(large.near.milliseconds / empty.milliseconds)),
        ("open_ok", large.near.milliseconds < 1_000 ? "yes" : "no"),
        ("open_\(largeTodos)_far_ms", Format.fixed(large.far.milliseconds)),
        ("heap_\(largeTodos)_mb", Format.fixed(large.near.heap / 1e6)),
        ("heap_empty_mb", Format.fixed(empty.heap / 1e6)),
      ]))
  }

  private func ratio(_ kind: PageMeasure.Input, _ inputs: [PageMeasure.Input: [Double]]) -> Double {
    Measure.percentile(inputs[kind] ?? [], 0.99) / Measure.percentile(inputs[.floor] ?? [], 0.99)
  }

  /// A todo server on a new SQLite store seeded with `todos` todos in the Inbox; with
  /// `publicPort`, it also accepts `http://127.0.0.1:publicPort` as its own origin (a proxy's).
  static func withServer<T: Sendable>(
    todos: Int, publicPort: Int? = nil, logger: Logger,
    _ body: @escaping @Sendable (Int) async throws -> T
  ) async throws -> T {
    try await BenchEngine.sqlite.withNewStore("page", logger: logger) { location in
      _ = try await BenchData.seed(location, inbox: todos, varied: false)
      return try await BenchServer.withTodoServer(
        database: location, logger: logger,
        configure: { options in
          options.publicOrigin = publicPort.flatMap {
            ServerOrigins.Origin("http://127.0.0.1:\($0)")
          }
        }, body)
    }
  }

  /// A free loopback port, for a proxy whose address the server must know before it starts.
  static func freePort() async throws -> Int {
    let proxy = try await DelayProxy.start(target: 1, delay: .zero)
    let port = proxy.port
    try await proxy.stop()
    return port
  }
}
