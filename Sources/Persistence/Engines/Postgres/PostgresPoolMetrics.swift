import Metrics

/// How a PostgreSQL store uses its connection pool, through swift-metrics: whatever backend
/// the process bootstraps receives them; without one they cost nothing.
enum PostgresPoolMetrics {
  /// Seconds a read or write waited for a connection of the pool.
  static let wait = Timer(
    label: "persistence_postgres_connection_wait_seconds", preferredDisplayUnit: .seconds)
  /// Connections of the pool running a transaction now.
  static let inUse = Meter(label: "persistence_postgres_connections_in_use")
}
