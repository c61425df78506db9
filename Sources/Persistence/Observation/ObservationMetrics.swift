import Metrics

/// How long committed changes take to reach the observers of a fetch, through swift-metrics:
/// whatever backend the process bootstraps receives it; without one it costs nothing.
enum ObservationMetrics {
  /// Seconds from a commit (or its notification from another server) to its changes handed to
  /// an observation's observers: the change pipeline's fan-out lag, one sample per published
  /// value, timed from the earliest commit it carries.
  static let lag = Timer(
    label: "persistence_observation_lag_seconds", preferredDisplayUnit: .seconds)
}
