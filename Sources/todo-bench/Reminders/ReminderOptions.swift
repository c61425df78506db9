import ArgumentParser

/// The load of `todo-bench reminders`: the reminders armed, those due within the window, the
/// schedulers firing them and the idle time measured after.
///
/// One value from the command line to ``ReminderRun``, which takes it whole rather than each
/// figure again.
struct ReminderOptions: ParsableArguments {
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
}
