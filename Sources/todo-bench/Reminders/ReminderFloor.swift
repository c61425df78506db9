import Foundation

/// The floor of `todo-bench reminders`: the same moments, fired by one task that sleeps until
/// each in turn from an in-memory sorted list, with no store. Its lateness is what the clock
/// and the task scheduler cost on this machine.
enum ReminderFloor {
  struct Outcome {
    var p50: Double
    var p99: Double
    var max: Double
  }

  static func run(due: Int, window: Int) async throws -> Outcome {
    // A tenth of the window, at most ten seconds: the floor does not need the whole minute.
    let span = min(10.0, Double(window) / 10)
    let start = Date().addingTimeInterval(1)
    let count = min(due, 2_000)
    let moments = (0..<count).map { start.addingTimeInterval(Double($0) * span / Double(count)) }
    var lateness: [Double] = []
    lateness.reserveCapacity(count)
    for moment in moments {
      let wait = moment.timeIntervalSinceNow
      if wait > 0 {
        try await Task.sleep(for: .microseconds(Int64((wait * 1_000_000).rounded(.up))))
      }
      lateness.append(Date().timeIntervalSince(moment) * 1_000)
    }
    return Outcome(
      p50: Measure.percentile(lateness, 0.50), p99: Measure.percentile(lateness, 0.99),
      max: lateness.max() ?? .nan)
  }
}
