/// Whether a container reaches its store, as ``PersistentContainer/availabilityUpdates()``
/// reports it.
///
/// A SQLite store is always available. A PostgreSQL store becomes unavailable when the
/// connection that receives other servers' changes is lost (the server stopped or restarted,
/// the network dropped) or when a transaction cannot get or keep a connection of the pool,
/// and available again once both work and every change missed meanwhile was read. While it is unavailable, reads and writes fail with
/// ``PersistenceError/unavailable(_:)`` within the request timeout; nothing is queued.
public enum StoreAvailability: Sendable, Hashable {
  /// The store answers.
  case available
  /// The store cannot be reached; the reason, for people (it names no password).
  case unavailable(String)
}
