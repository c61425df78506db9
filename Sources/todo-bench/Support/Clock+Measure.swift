/// Timing helpers shared by the benchmarks.
enum Measure {
  /// Runs `body` `repetitions` times and returns the fastest wall-clock duration in milliseconds.
  ///
  /// The minimum is the figure least disturbed by the rest of the machine.
  static func bestMilliseconds(
    repetitions: Int,
    _ body: () throws -> Void
  ) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<max(1, repetitions) {
      best = min(best, try milliseconds(body))
    }
    return best
  }

  /// Runs `body` once and returns its wall-clock duration in milliseconds.
  static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return elapsed.milliseconds
  }

  /// Runs an async `body` once and returns its wall-clock duration in milliseconds.
  static func elapsedMilliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return (clock.now - start).milliseconds
  }

  /// The value at `fraction` (0...1) of the sorted samples, by nearest rank.
  static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}

extension Duration {
  /// The duration in milliseconds, as a floating-point number.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
