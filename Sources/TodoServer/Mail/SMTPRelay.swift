import Foundation

/// The SMTP relay that the server hands its outgoing mail to, parsed from a URL.
///
/// Three forms are accepted:
/// - `smtp://[user@]host[:port]`: port 587 unless given; the connection is upgraded with
///   STARTTLS, which the relay must offer: a relay that does not is an error, never a reason
///   to send in plain text.
/// - `smtps://[user@]host[:port]`: TLS from the first byte; port 465 unless given.
/// - `smtp+plain://[user@]host:port`: no TLS at all, for a relay on this machine only
///   (`localhost`, `127.0.0.1` or `[::1]`), such as a test server or a local MTA.
///
/// The password is never part of the URL, so that it stays off command lines and out of
/// process listings: it comes from an environment variable or a file, through `password`.
/// TLS certificates are checked against the system's trust roots, plus those of `caFile`
/// when one is given, and must name `host`.
public struct SMTPRelay: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
  /// How the connection to the relay is protected.
  public enum Security: String, Sendable, Hashable {
    /// `smtp://`: a plain connection upgraded with STARTTLS before anything else is sent.
    case startTLS
    /// `smtps://`: TLS from the first byte.
    case implicitTLS
    /// `smtp+plain://`: no TLS, allowed for loopback relays only.
    case none
  }

  /// The relay's host name or IP address (an IPv6 address without its brackets).
  public let host: String
  /// The relay's TCP port.
  public let port: Int
  /// How the connection is protected.
  public let security: Security
  /// The user name to authenticate as, or `nil` to send without authenticating.
  public let user: String?
  /// The password of `user`; kept out of `description` and of mirrors (`dump`).
  let password: String?
  /// A PEM file of trust roots accepted besides the system's, such as a test relay's
  /// self-signed certificate.
  public let caFile: String?
  /// The envelope sender (`MAIL FROM`) of every message sent through this relay.
  public let from: String

  /// Parses a relay URL.
  ///
  /// - Parameters:
  ///   - url: `smtp://`, `smtps://` or `smtp+plain://` URL, with an optional user name and
  ///     no password.
  ///   - from: The envelope sender address.
  ///   - password: The password of the URL's user, if it names one.
  ///   - caFile: A PEM file of extra trust roots, or `nil`.
  /// - Throws: ``SMTPRelayError`` saying what is wrong; its message never repeats the URL,
  ///   which could hold a password.
  public static func parse(
    _ url: String, from: String, password: String?, caFile: String?
  ) throws -> SMTPRelay {
    guard let schemeEnd = url.range(of: "://") else {
      throw SMTPRelayError("the relay URL must start with smtp://, smtps:// or smtp+plain://")
    }
    let scheme = url[..<schemeEnd.lowerBound].lowercased()
    let security: Security
    let defaultPort: Int?
    switch scheme {
    case "smtp":
      security = .startTLS
      defaultPort = 587
    case "smtps":
      security = .implicitTLS
      defaultPort = 465
    case "smtp+plain":
      security = .none
      // No conventional port: a plain relay is a deliberate local choice, so it is spelled out.
      defaultPort = nil
    default:
      throw SMTPRelayError(
        "unknown relay URL scheme \"\(scheme)\": use smtp:// (STARTTLS), smtps:// (TLS) or "
          + "smtp+plain:// (loopback only)")
    }

    var authority = url[schemeEnd.upperBound...]
    if let end = authority.firstIndex(where: { "/?#".contains($0) }) {
      guard authority[end...] == "/" else {
        throw SMTPRelayError("the relay URL must not have a path, query or fragment")
      }
      authority = authority[..<end]
    }

    var user: String?
    if let at = authority.lastIndex(of: "@") {
      let userInfo = authority[..<at]
      authority = authority[authority.index(after: at)...]
      guard !userInfo.contains(":") else {
        throw SMTPRelayError(
          "the relay URL must not contain a password: give it through the environment "
            + "variable or the password file instead, so that it never appears on a command line")
      }
      guard let decoded = String(userInfo).removingPercentEncoding, !decoded.isEmpty else {
        throw SMTPRelayError("the relay URL's user name is empty or badly percent-encoded")
      }
      guard !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw SMTPRelayError("the relay URL's user name contains control characters")
      }
      user = decoded
    }

    let (host, port) = try splitHostAndPort(authority, defaultPort: defaultPort, scheme: scheme)

    if security == .none && !isLoopback(host) {
      throw SMTPRelayError(
        "smtp+plain:// sends mail and passwords unencrypted, so it is only allowed to "
          + "localhost, 127.0.0.1 or [::1], not to \(host): use smtp:// or smtps://")
    }
    if user != nil && password == nil {
      throw SMTPRelayError("the relay URL names a user but no password was given")
    }
    if user == nil && password != nil {
      throw SMTPRelayError(
        "a relay password was given but the relay URL names no user (smtp://user@host)")
    }
    if let problem = MailMessage.addressProblem(from) {
      throw SMTPRelayError("the sender address \(String(reflecting: from)) \(problem)")
    }
    if let caFile, caFile.isEmpty {
      throw SMTPRelayError("the CA file path is empty")
    }

    return SMTPRelay(
      host: host, port: port, security: security, user: user, password: password,
      caFile: caFile, from: from)
  }

  /// The relay as a URL with its security, never with the password.
  public var description: String {
    let scheme: String
    let note: String
    switch security {
    case .startTLS:
      scheme = "smtp"
      note = "STARTTLS"
    case .implicitTLS:
      scheme = "smtps"
      note = "TLS"
    case .none:
      scheme = "smtp+plain"
      note = "no TLS"
    }
    let userPart = user.map { "\($0)@" } ?? ""
    let hostPart = host.contains(":") ? "[\(host)]" : host
    return "\(scheme)://\(userPart)\(hostPart):\(port) (\(note))"
  }

  /// A mirror without the password, so that `dump` and debuggers don't show it.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "host": host, "port": port, "security": security, "user": user as Any,
        "password": password == nil ? "nil" : "<redacted>", "caFile": caFile as Any,
        "from": from,
      ])
  }

  /// Whether `host` names this machine's loopback interface.
  static func isLoopback(_ host: String) -> Bool {
    ["localhost", "127.0.0.1", "::1"].contains(host.lowercased())
  }

  private static func splitHostAndPort(
    _ authority: Substring, defaultPort: Int?, scheme: String
  ) throws -> (String, Int) {
    var host: Substring
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        throw SMTPRelayError("the relay URL's IPv6 address lacks its closing \"]\"")
      }
      host = authority[authority.index(after: authority.startIndex)..<close]
      let rest = authority[authority.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else {
          throw SMTPRelayError("unexpected text after the relay URL's IPv6 address")
        }
        portText = rest.dropFirst()
      }
      guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
        throw SMTPRelayError("the relay URL's IPv6 address is not valid")
      }
    } else {
      host = authority
      if let colon = authority.lastIndex(of: ":") {
        host = authority[..<colon]
        portText = authority[authority.index(after: colon)...]
      }
      let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
      guard !host.isEmpty else {
        throw SMTPRelayError("the relay URL has no host")
      }
      guard host.allSatisfy({ allowed.contains($0) }) else {
        throw SMTPRelayError(
          "the relay URL's host may only contain letters, digits, \".\", \"-\" and \"_\"")
      }
    }

    let port: Int
    if let portText {
      guard let value = Int(portText), portText.allSatisfy(\.isASCII), (1...65_535).contains(value)
      else {
        throw SMTPRelayError("the relay URL's port must be a number from 1 to 65535")
      }
      port = value
    } else if let defaultPort {
      port = defaultPort
    } else {
      throw SMTPRelayError("\(scheme):// URLs need an explicit port (\(scheme)://host:port)")
    }
    return (String(host), port)
  }
}

/// Why a relay URL or its settings were refused by ``SMTPRelay/parse(_:from:password:caFile:)``.
public struct SMTPRelayError: Error, CustomStringConvertible {
  /// What is wrong, in words meant for the person who configured the relay.
  public let message: String

  /// Makes an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message, prefixed so that it reads well in a log line.
  public var description: String { "invalid SMTP relay: \(message)" }
}
