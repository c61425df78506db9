import Metrics

/// What the server counts, through swift-metrics: whatever backend the process bootstraps
/// (`todo serve --metrics-listen` bootstraps Prometheus) receives them; without one they cost
/// nothing. Requests by route and status, with their latency, are counted by
/// ``RequestMetricsMiddleware``.
enum ServerMetrics {
  /// Live pages (and terminal UIs) connected now.
  static let livePages = Meter(label: "todo_live_pages")
  /// Messages sent to live pages, each a render of one or more changes.
  static let liveMessages = Counter(label: "todo_live_messages_total")
  /// Sign-ins refused: a wrong name or password, or throttled.
  static let signInFailures = Counter(label: "todo_sign_in_failures_total")
  /// Reminders armed to fire, of everyone.
  static let remindersScheduled = Gauge(label: "todo_reminders_scheduled")
  /// Reminders that rang.
  static let remindersFired = Counter(label: "todo_reminders_fired_total")
  /// `sync-collection` reports answered to calendar apps.
  static let calDAVSyncs = Counter(label: "todo_caldav_syncs_total")
}
