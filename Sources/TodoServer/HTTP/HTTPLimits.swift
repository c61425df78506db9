/// The limits of the HTTP layer: sizes, timeouts and connections.
///
/// The defaults are those of a reverse proxy in front of an application (nginx waits 60 s for
/// a header or body and keeps an idle connection 75 s); a server that faces the internet
/// directly may want them shorter.
public struct HTTPLimits: Sendable, Equatable {
  /// How long a client may take to send a request's head once its first byte arrived.
  public var headerTimeout: Duration
  /// How long a client may take to send a request's whole body once its head arrived.
  public var bodyTimeout: Duration
  /// How long a keep-alive connection may sit between requests.
  public var idleTimeout: Duration
  /// How long requests in flight may take to finish once shutdown begins; then every
  /// connection is closed.
  public var shutdownGrace: Duration
  /// The most connections open at once; one more is answered 503 and closed.
  public var maximumConnections: Int
  /// The longest request target (path and query), in bytes: longer is 414.
  public var maximumURILength: Int
  /// The largest header section, in bytes: larger is 431.
  public var maximumHeaderSize: Int
  /// The largest request body, in bytes: larger is 413, refused from its `Content-Length`
  /// before it is read.
  public var maximumBodySize: Int

  /// Creates limits; every argument has the default described on its property.
  public init(
    headerTimeout: Duration = .seconds(20), bodyTimeout: Duration = .seconds(60),
    idleTimeout: Duration = .seconds(75), shutdownGrace: Duration = .seconds(5),
    maximumConnections: Int = 512, maximumURILength: Int = 8_192,
    maximumHeaderSize: Int = 32_768, maximumBodySize: Int = TodoRequestContext.maximumBodySize
  ) {
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.idleTimeout = idleTimeout
    self.shutdownGrace = shutdownGrace
    self.maximumConnections = maximumConnections
    self.maximumURILength = maximumURILength
    self.maximumHeaderSize = maximumHeaderSize
    self.maximumBodySize = maximumBodySize
  }
}
