import Foundation

/// A PostgreSQL database to keep a store in, parsed from a `postgresql://` URL.
///
/// ```swift
/// let location = try PostgresLocation(parsing: "postgresql://todo@127.0.0.1:5432/todo")
/// let container = try await PersistentContainer(.postgres(location), entities: [Todo.self])
/// ```
///
/// The URL takes the form libpq documents, `postgresql://user[:password]@host[:port]/database`,
/// with the query parameters `sslmode` (`disable`, `prefer`, `require`) and `connect_timeout`
/// (seconds). Any other parameter is an error, never ignored.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
  /// How the connection uses TLS.
  public enum TLSMode: String, Sendable, Hashable {
    /// Never.
    case disable
    /// When the server offers it (libpq's default).
    case prefer
    /// Always; a server without TLS is an error.
    case require
  }

  /// The server's host name or address.
  public var host: String
  /// The server's TCP port.
  public var port: Int
  /// The role to connect as.
  public var username: String
  /// The role's password, if the server asks for one. Never logged.
  public var password: String?
  /// The database's name.
  public var database: String
  /// Whether to use TLS.
  public var tls: TLSMode
  /// How long establishing one connection may take.
  public var connectTimeout: Duration
  /// The most connections the container opens at once.
  public var maximumConnections: Int
  /// How long one read or write may wait for a connection and for the server before it fails
  /// with ``PersistenceError/unavailable(_:)``: a request answered late is better than one
  /// that hangs while the database is down.
  public var requestTimeout: Duration

  /// Parses a `postgresql://` or `postgres://` URL.
  ///
  /// - Throws: `StoreLocationError.invalidPostgresURL` saying what is wrong.
  public init(parsing text: String) throws(StoreLocationError) {
    func invalid(_ reason: String) -> StoreLocationError {
      .invalidPostgresURL(Self.redacted(text), reason: reason)
    }
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "postgresql" || scheme == "postgres"
    else { throw invalid("write postgresql://user@host:port/database") }
    guard let host = components.host, !host.isEmpty else {
      throw invalid("it names no host; write postgresql://user@host:port/database")
    }
    let database = String(components.percentEncodedPath.dropFirst()).removingPercentEncoding ?? ""
    guard !database.isEmpty, !database.contains("/") else {
      throw invalid("it names no database; add /DATABASE after the host")
    }
    self.host = host
    self.port = components.port ?? 5432
    guard (1...65_535).contains(port) else { throw invalid("the port must be 1 to 65535") }
    let user = components.percentEncodedUser?.removingPercentEncoding ?? ""
    self.username =
      user.isEmpty ? (ProcessInfo.processInfo.environment["USER"] ?? "postgres") : user
    self.password = components.percentEncodedPassword?.removingPercentEncoding
    self.database = database
    self.tls = .prefer
    self.connectTimeout = .seconds(10)
    self.maximumConnections = 10
    self.requestTimeout = .seconds(10)
    for item in components.queryItems ?? [] {
      switch item.name {
      case "sslmode":
        guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
          throw invalid("sslmode must be disable, prefer or require")
        }
        tls = mode
      case "connect_timeout":
        guard let seconds = item.value.flatMap(Int.init), seconds > 0 else {
          throw invalid("connect_timeout must be a whole number of seconds")
        }
        connectTimeout = .seconds(seconds)
      default:
        throw invalid("the parameter \(item.name) is not supported (sslmode, connect_timeout)")
      }
    }
  }

  /// The URL without its password.
  public var description: String {
    var text = "postgresql://\(username)@"
    text += host.contains(":") ? "[\(host)]" : host
    return text + ":\(port)/\(database)"
  }

  /// A URL text with its password replaced, for messages.
  static func redacted(_ text: String) -> String {
    guard var components = URLComponents(string: text), components.password != nil else {
      return text
    }
    components.password = "***"
    return components.string ?? text
  }
}
