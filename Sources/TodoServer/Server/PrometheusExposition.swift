import Metrics
import Prometheus

/// The process's metrics backend: Prometheus, bootstrapped once for swift-metrics, with the
/// names and help texts Prometheus' own linter (`promtool check metrics`) expects.
public enum PrometheusExposition {
  /// Bootstraps swift-metrics with a Prometheus registry and returns how the server exposes
  /// it (`token` also puts `/metrics` on the main port). Call it once per process.
  public static func bootstrap(token: String?) -> MetricsExposition {
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    return MetricsExposition(token: token) { withHelp(registry.emitToString()) }
  }

  /// What each metric family counts, for its `# HELP` line.
  static let help: [String: String] = [
    "hb_requests_total": "HTTP requests answered, by route, method and status.",
    "hb_request_errors_total": "HTTP requests whose handler failed, by route and method.",
    "http_server_active_requests": "HTTP requests being answered now, by method.",
    "http_server_request_duration_seconds":
      "Seconds to answer an HTTP request, by route, method and status.",
    "todo_live_pages": "Live pages and terminal UIs connected now.",
    "todo_live_messages_total": "Messages sent to live pages, each one render of changes.",
    "todo_sign_in_failures_total": "Sign-ins refused: a wrong name or password, or throttled.",
    "todo_reminders_scheduled": "Reminders armed to fire, of everyone.",
    "todo_reminders_fired_total": "Reminders that rang.",
    "todo_caldav_syncs_total": "sync-collection reports answered to calendar apps.",
    "persistence_observation_lag_seconds":
      "Seconds from a commit to its changes handed to the observers of a fetch.",
    "persistence_postgres_connection_wait_seconds":
      "Seconds a read or write waited for a PostgreSQL connection of the pool.",
    "persistence_postgres_connections_in_use":
      "PostgreSQL connections of the pool running a transaction now.",
  ]

  /// The exposition with a `# HELP` line before each family's `# TYPE` line.
  static func withHelp(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count + 1_024)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first {
        output += "# HELP \(name) \(help[String(name)] ?? "A metric of todo serve.")\n"
      }
      output += line
      output += "\n"
    }
    if output.hasSuffix("\n\n") { output.removeLast() }
    return output
  }
}
