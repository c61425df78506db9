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

  @OptionGroup var options: ReminderOptions

  @OptionGroup var store: BenchEngineOptions

  func run() async throws {
    let logger = BenchLogging.errorsOnly(label: "todo-bench.reminders")
    let engine = try store.resolved()
    let baseline = try await ReminderFloor.run(due: options.due, window: options.window)
    let run = try await engine.withNewStore("reminders", logger: logger) { location in
      try await ReminderRun(location: location, options: options).run()
    }

    var table = Table("", "p50 ms", "p99 ms", "max ms", "fired", "twice", "missed")
    table.append(
      "floor: in-memory sleeper", Format.fixed(baseline.p50), Format.fixed(baseline.p99),
      Format.fixed(baseline.max), "\(options.due)", "0", "0")
    table.append(
      "\(options.servers) scheduler(s) on \(engine.name)", Format.fixed(run.p50),
      Format.fixed(run.p99),
      Format.fixed(run.max), "\(run.fired)", "\(run.twice)", "\(run.missed)")
    print(
      "todo-bench reminders: \(options.reminders) reminders armed, \(options.due) due over "
        + "\(options.window) s, \(options.servers) scheduler(s) on \(engine.name), "
        + "\(options.idle) s idle measured after \(options.settle) s; " + Format.build)
    print(table.rendered)
    print(
      "setup: \(Format.fixed(run.setupSeconds, 1)) s to store the reminders; idle CPU "
        + "\(Format.fixed(run.idleCPUPercent, 3)) % over \(options.idle) s with "
        + "\(options.reminders - options.due) armed; "
        + "resident \(Format.fixed(run.residentBeforeMB, 1)) MB before the window, "
        + "\(Format.fixed(run.residentAfterMB, 1)) MB after")
    print(
      Format.summary([
        "reminders": "\(options.reminders)",
        "reminders_due": "\(options.due)",
        "reminder_servers": "\(options.servers)",
        "reminder_engine": engine.name,
        "reminder_lateness_p50_ms": Format.fixed(run.p50),
        "reminder_lateness_p99_ms": Format.fixed(run.p99),
        "reminder_lateness_max_ms": Format.fixed(run.max),
        "reminder_floor_p99_ms": Format.fixed(baseline.p99),
        "reminder_p99_vs_floor_ms": Format.fixed(run.p99 - baseline.p99),
        "reminders_fired_twice": "\(run.twice)",
        "reminders_missed": "\(run.missed)",
        "reminder_idle_cpu_percent": Format.fixed(run.idleCPUPercent, 3),
        "reminder_idle_settle_s": "\(options.settle)",
        "reminder_rss_before_mb": Format.fixed(run.residentBeforeMB, 1),
        "reminder_rss_after_mb": Format.fixed(run.residentAfterMB, 1),
      ]))
  }
}
