import Foundation
import Logging

extension LiveBenchmark {
  /// `--servers 2`: two servers on one store. A page on server A toggles a todo of a list of
  /// 10; each of `--pages` pages open on server B receives the changes message (on
  /// PostgreSQL through `LISTEN`/`NOTIFY`, on SQLite through the other process's poll). The
  /// same fan-out with the pages on server A is the reference: the difference is the trip
  /// between servers.
  func runAcrossServers(engine: BenchEngine, logger: Logger) async throws {
    let (pages, rounds) = (pages, rounds)
    let (within, across) = try await LiveServerRun.with(
      servers: 2, todos: 10, engine: engine, maximumConnections: pages + 64, logger: logger
    ) { ports, _ in
      let within = try await FanOut.measure(
        port: ports[0], pages: pages, rounds: rounds, logger: logger)
      let across = try await FanOut.measure(
        port: ports[1], senderPort: ports[0], pages: pages, rounds: rounds, logger: logger)
      return (within, across)
    }
    var table = Table("measurement", "pages", "samples", "p50 ms", "p99 ms")
    for (name, result) in [("on server A", within), ("on server B", across)] {
      table.append(
        "event at A → changes at each page " + name, "\(pages)", "\(result.perPage.count)",
        Format.fixed(Measure.percentile(result.perPage, 0.5), 3),
        Format.fixed(Measure.percentile(result.perPage, 0.99), 3))
      table.append(
        "event at A → changes at every page " + name, "\(pages)", "\(result.perRound.count)",
        Format.fixed(Measure.percentile(result.perRound, 0.5), 3),
        Format.fixed(Measure.percentile(result.perRound, 0.99), 3))
    }
    print(
      "todo-bench live --servers 2: two servers on 127.0.0.1 sharing one \(engine.name) store, "
        + "WebSocket /live; \(pages) pages, \(rounds) rounds; \(Format.build)")
    print(table.rendered)
    print(
      Format.summary([
        "engine": engine.name,
        "same_server_p99_ms": Format.fixed(Measure.percentile(within.perPage, 0.99), 3),
        "cross_server_p50_ms": Format.fixed(Measure.percentile(across.perPage, 0.5), 3),
        "cross_server_p99_ms": Format.fixed(Measure.percentile(across.perPage, 0.99), 3),
        "cross_server_all_p99_ms": Format.fixed(Measure.percentile(across.perRound, 0.99), 3),
      ]))
  }
}
