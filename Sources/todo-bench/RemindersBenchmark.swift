import ArgumentParser
import Foundation
import Persistence
import Synchronization
import TodoCore

/// `todo-bench reminders`: the reminder scheduler under a load of scheduled reminders.
///
/// A store (SQLite, or a new PostgreSQL database with `--engine postgres`) holds `--reminders`
/// armed reminders, `--due` of them spread over the `--window` seconds after the start and
/// the rest days away. `--servers` schedulers, each on a service of its own (its own
/// container: on PostgreSQL, its own connections, as separate servers are), fire them. Reported:
/// each reminder's lateness (delivery minus its moment) at p50, p99 and the worst, how many
/// fired twice or never, then the process's CPU while nothing is due and its resident memory
/// before and after. The baseline is the floor of the same machine: one task that sleeps until
/// each moment of an in-memory sorted list (no store), whose lateness is the clock's and the
/// scheduler's own.
struct RemindersBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reminders",
    abstract: "Reminders fired on time and once: lateness, CPU while idle, several servers."
  )

  @Option(help: "Reminders scheduled in all.")
  var reminders = 100_000

  @Option(help: "Of them, reminders due within the window.")
  var due = 10_000

  @Option(help: "Seconds after the start the due reminders are spread over.")
  var window = 60

  @Option(help: "Schedulers firing, each on a service of its own (as servers on one database).")
  var servers = 1

  @Option(help: "Seconds of idle time measured after the last due reminder.")
  var idle = 10

  @Option(
    help: ArgumentHelp(
      "Seconds to wait after the last due reminder before the idle time is measured.",
      discussion: "What the firings left behind (timers of cancelled sleeps, a connection "
        + "pool's idle timers) settles meanwhile."))
  var settle = 0

  @OptionGroup var store: BenchEngineOptions

  func validate() throws {
    guard (1...1_000_000).contains(reminders), (1...reminders).contains(due) else {
      throw ValidationError("--reminders must be 1...1000000 and --due 1...--reminders")
    }
    guard (5...3_600).contains(window), (1...8).contains(servers), (1...600).contains(idle),
      (0...600).contains(settle)
    else {
      throw ValidationError(
        "--window must be 5...3600, --servers 1...8, --idle 1...600, --settle 0...600")
    }
  }

  func run() async throws {
    let logger = BenchLogging.errorsOnly(label: "todo-bench.reminders")
    let engine = try store.resolved()
    let baseline = try await ReminderFloor.run(due: due, window: window)
    let run = try await engine.withNewStore("reminders", logger: logger) { location in
      try await ReminderRun(
        location: location, reminders: reminders, due: due, window: window, servers: servers,
        idle: idle, settle: settle
      ).run()
    }

    var table = Table("", "p50 ms", "p99 ms", "max ms", "fired", "twice", "missed")
    table.append(
      "floor: in-memory sleeper", Format.fixed(baseline.p50), Format.fixed(baseline.p99),
      Format.fixed(baseline.max), "\(due)", "0", "0")
    table.append(
      "\(servers) scheduler(s) on \(engine.name)", Format.fixed(run.p50), Format.fixed(run.p99),
      Format.fixed(run.max), "\(run.fired)", "\(run.twice)", "\(run.missed)")
    print(
      "todo-bench reminders: \(reminders) reminders armed, \(due) due over \(window) s, "
        + "\(servers) scheduler(s) on \(engine.name), \(idle) s idle measured after \(settle) s; "
        + Format.build)
    print(table.rendered)
    print(
      "setup: \(Format.fixed(run.setupSeconds, 1)) s to store the reminders; idle CPU "
        + "\(Format.fixed(run.idleCPUPercent, 3)) % over \(idle) s with \(reminders - due) armed; "
        + "resident \(Format.fixed(run.residentBeforeMB, 1)) MB before the window, "
        + "\(Format.fixed(run.residentAfterMB, 1)) MB after")
    print(
      Format.summary([
        "reminders": "\(reminders)",
        "reminders_due": "\(due)",
        "reminder_servers": "\(servers)",
        "reminder_engine": engine.name,
        "reminder_lateness_p50_ms": Format.fixed(run.p50),
        "reminder_lateness_p99_ms": Format.fixed(run.p99),
        "reminder_lateness_max_ms": Format.fixed(run.max),
        "reminder_floor_p99_ms": Format.fixed(baseline.p99),
        "reminder_p99_vs_floor_ms": Format.fixed(run.p99 - baseline.p99),
        "reminders_fired_twice": "\(run.twice)",
        "reminders_missed": "\(run.missed)",
        "reminder_idle_cpu_percent": Format.fixed(run.idleCPUPercent, 3),
        "reminder_idle_settle_s": "\(settle)",
        "reminder_rss_before_mb": Format.fixed(run.residentBeforeMB, 1),
        "reminder_rss_after_mb": Format.fixed(run.residentAfterMB, 1),
      ]))
  }
}
