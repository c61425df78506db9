import Foundation

/// How much of its recent time an observation spent handing values out: a sum of its
/// deliveries that fades with time (one second ago counts for about a third), read as a share of
/// that second. It tells a steady stream of commits, which the pacing's share holds back, from
/// a commit after a quiet moment, which goes out at once (``ObservationPacing``).
struct DeliveryLoad {
  /// How long a delivery takes to fade to a third of what it counted.
  static let horizon = Duration.seconds(1)

  /// Seconds of delivery, faded to `updated`.
  private var busy = 0.0
  private var updated: ContinuousClock.Instant?

  /// Counts a delivery of `duration` that ended at `end`.
  mutating func record(_ duration: Duration, endingAt end: ContinuousClock.Instant) {
    fade(to: end)
    busy += duration.inSeconds
  }

  /// The share of the recent time spent delivering, as of `now`: about `d / p` for
  /// deliveries of `d` every `p`.
  mutating func share(at now: ContinuousClock.Instant) -> Double {
    fade(to: now)
    return busy / Self.horizon.inSeconds
  }

  private mutating func fade(to now: ContinuousClock.Instant) {
    if let updated, now > updated {
      busy *= exp(-(now - updated).inSeconds / Self.horizon.inSeconds)
    }
    updated = now
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  fileprivate var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
