import Foundation
import HTTPTypes
import Synchronization

/// The names and origins that are the server's own: the only `Host`s it answers, the only
/// `Origin`s that may read and write through a browser, and the base of every absolute URL it
/// writes.
///
/// The own origins are `http://` with the bound port on `127.0.0.1`, `localhost`, `[::1]` and
/// the bound address (every interface's address when it binds a wildcard such as `0.0.0.0`),
/// plus the public URL of a server behind a TLS proxy. Origins given with `allowedOrigins` may
/// use the API through CORS from their own pages but are not names of the server.
///
/// The port is known only once the server listens (port 0 picks one): until ``bind(port:)``
/// is called nothing is the server's own, so nothing gets in.
public final class ServerOrigins: Sendable {
  /// One origin: scheme, host as written in a URL (IPv6 in brackets, lowercased) and port.
  public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    public var scheme: String
    /// The host, lowercased, IPv6 literals in brackets.
    public var host: String
    /// The port.
    public var port: Int

    /// The port a URL may leave out for this scheme.
    var defaultPort: Int { scheme == "https" ? 443 : 80 }

    /// `host:port` as a `Host` header names it (the port left out when it is the default).
    var authority: String { port == defaultPort ? host : "\(host):\(port)" }

    /// `scheme://authority`, as browsers send it in `Origin`.
    public var description: String { "\(scheme)://\(authority)" }

    /// The WebSocket origin of the same server (`ws` or `wss`).
    var webSocket: String { "\(scheme == "https" ? "wss" : "ws")://\(authority)" }

    /// Parses `scheme://host[:port]` (a trailing slash or path is refused: origins have none).
    public init?(_ text: String) {
      guard let components = URLComponents(string: text),
        let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
        let rawHost = components.host, !rawHost.isEmpty,
        components.path.isEmpty || components.path == "/", components.query == nil,
        components.user == nil, components.fragment == nil
      else { return nil }
      let host = rawHost.lowercased()
      self.scheme = scheme
      self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
      self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// An origin from its parts.
    public init(scheme: String, host: String, port: Int) {
      self.scheme = scheme
      self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host.lowercased()
      self.port = port
    }
  }

  private struct Resolved: Sendable {
    /// The origins that are the server's own, the preferred one first.
    var own: [Origin]
    /// `Host` values that name the server, lowercased.
    var hosts: Set<String>
    /// Own origins and allowed origins, as browsers write them in `Origin`.
    var trusted: Set<String>
    /// The security headers of every response (``SecurityHeaders``), built once.
    var securityHeaders: HTTPFields
  }

  /// The address the server binds.
  public let bindHost: String
  /// The public URL, for a server behind a TLS proxy.
  public let publicOrigin: Origin?
  /// Other origins that may use the API from their pages (CORS).
  public let allowedOrigins: [Origin]
  /// Whether the Todo-Backend endpoint answers CORS for any origin.
  public let todoBackendCORS: Bool
  private let resolved = Mutex<Resolved?>(nil)

  /// Creates the origins of a server that binds `bindHost`.
  ///
  /// - Parameters:
  ///   - bindHost: The address the server listens on.
  ///   - publicOrigin: Its public URL behind a proxy, if any.
  ///   - allowedOrigins: Origins whose pages may use the API.
  ///   - todoBackendCORS: Whether `/todos` answers CORS for any origin.
  public init(
    bindHost: String, publicOrigin: Origin? = nil, allowedOrigins: [Origin] = [],
    todoBackendCORS: Bool = false
  ) {
    self.bindHost = bindHost
    self.publicOrigin = publicOrigin
    self.allowedOrigins = allowedOrigins
    self.todoBackendCORS = todoBackendCORS
  }

  /// Completes the origins with the port the server listens on.
  public func bind(port: Int) {
    var own: [Origin] = []
    if let publicOrigin { own.append(publicOrigin) }
    let loopback = ["127.0.0.1", "localhost", "::1"]
    let bound = Self.isWildcard(bindHost) ? Self.interfaceAddresses() : [bindHost]
    for host in [bindHost].filter({ !Self.isWildcard($0) }) + loopback + bound {
      let origin = Origin(scheme: "http", host: host, port: port)
      if !own.contains(origin) { own.append(origin) }
    }
    let hosts = Set(own.flatMap { [$0.authority, "\($0.host):\($0.port)"] })
    let trusted = Set((own + allowedOrigins).map(\.description))
    // CSP source expressions cannot name IPv6 literals; a page served from one connects to
    // itself, which `'self'` covers.
    let connect =
      (["'self'"]
      + own.filter { !$0.host.hasPrefix("[") }
      .flatMap { [$0.description, $0.webSocket] })
      .joined(separator: " ")
    let policy =
      "default-src 'self'; connect-src \(connect); img-src 'self' data:; "
      + "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    resolved.withLock {
      $0 = Resolved(
        own: own, hosts: hosts, trusted: trusted,
        securityHeaders: SecurityHeaders.fields(policy: policy))
    }
  }

  /// The server's own origins, the preferred one first; empty until the server listens.
  /// Whether the server is reached over https (its public URL is https): cookies are
  /// `Secure`.
  public var isSecure: Bool { publicOrigin?.scheme == "https" }

  public var own: [Origin] { resolved.withLock { $0?.own ?? [] } }

  /// Whether a `Host` header (`name[:port]`) names this server.
  public func isOwnHost(_ host: String) -> Bool {
    resolved.withLock { resolved in
      guard let hosts = resolved?.hosts else { return false }
      return hosts.contains(host) || hosts.contains(host.lowercased())
    }
  }

  /// Whether an `Origin` header may use the API (the server's own or an allowed one).
  public func isTrusted(_ origin: String) -> Bool {
    guard let parsed = Origin(origin) else { return false }
    return resolved.withLock { $0?.trusted.contains(parsed.description) ?? false }
  }

  /// Whether the `Origin` of a WebSocket upgrade may open the live page's socket.
  ///
  /// Browsers send `http(s)://…` or `null`, which must be trusted. Native WebSocket clients
  /// send `ws(s)://host` (swift-websocket leaves out the port); no browser page can, so such
  /// an origin is accepted when its host is one of the server's names.
  func isTrustedForWebSocket(_ origin: String) -> Bool {
    if isTrusted(origin) { return true }
    guard let components = URLComponents(string: origin),
      let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
      let host = components.host?.lowercased()
    else { return false }
    let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return own.contains { $0.host == name }
  }

  /// Whether an `Origin` header is an allowed other origin, which gets CORS headers.
  func isAllowedForCORS(_ origin: String) -> Bool {
    guard let parsed = Origin(origin) else { return false }
    return allowedOrigins.contains(parsed)
  }

  /// The origin of every absolute URL the server writes (`Location`, Todo-Backend `url`):
  /// the public URL if there is one, else the bound address's. It comes from the
  /// configuration alone, never from a request's `Host`.
  public var preferred: Origin {
    own.first ?? Origin(scheme: "http", host: bindHost, port: 80)
  }

  /// The absolute URL of `path` (which starts with `/`) on the ``preferred`` origin.
  public func url(_ path: String) -> String {
    preferred.description + path
  }

  /// The `Content-Security-Policy` of every response: scripts, styles and everything else
  /// from the server itself only (no inline script or style), connections only to its own
  /// origins over HTTP and WebSocket, no framing, no `<base>`, forms posted only to itself.
  public var contentSecurityPolicy: String {
    securityHeaders[.contentSecurityPolicy] ?? Self.closedPolicy
  }

  /// The security headers of every response, with ``contentSecurityPolicy``.
  var securityHeaders: HTTPFields {
    resolved.withLock { $0?.securityHeaders } ?? SecurityHeaders.fields(policy: Self.closedPolicy)
  }

  /// The policy before the server listens: nothing may load.
  private static let closedPolicy = "default-src 'none'; frame-ancestors 'none'"

  static func isWildcard(_ host: String) -> Bool {
    host == "0.0.0.0" || host == "::" || host == "[::]" || host == "*"
  }

  /// The addresses of this machine's interfaces, for a server bound to a wildcard address.
  private static func interfaceAddresses() -> [String] {
    var addresses: [String] = []
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return addresses }
    defer { freeifaddrs(list) }
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(
        family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
      guard
        getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST)
          == 0
      else { continue }
      let name = String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      // Link-local IPv6 addresses carry a zone (`fe80::1%eth0`) no browser sends in Host.
      if !name.contains("%") { addresses.append(name) }
    }
    var hostname = [CChar](repeating: 0, count: 256)
    if gethostname(&hostname, hostname.count) == 0 {
      let name = String(decoding: hostname.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      if !name.isEmpty { addresses += [name, "\(name).local"] }
    }
    return addresses
  }
}
