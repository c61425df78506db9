import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Sends ``MailMessage``s through an ``SMTPRelay``, one connection per message.
///
/// The client never sends over an unprotected connection unless the relay is an
/// `smtp+plain://` one on this machine: `smtp://` requires the relay to offer STARTTLS,
/// and credentials are only sent once TLS is up. Every reply is checked, and a relay that
/// stays silent fails the send after `timeout` instead of holding the caller.
public struct SMTPClient: Sendable {
  /// The relay that messages are handed to.
  public let relay: SMTPRelay
  /// How long to wait for the connection, and then for each of the relay's replies.
  public let timeout: Duration
  private let eventLoopGroup: any EventLoopGroup
  private let logger: Logger
  /// This machine's name for EHLO when it is a fully qualified domain name; otherwise each
  /// connection's local address is sent, as RFC 5321 asks.
  private let ehloName: String?

  /// Makes a client for `relay`.
  ///
  /// - Parameters:
  ///   - eventLoopGroup: Where the connections run.
  ///   - timeout: The limit for connecting and for each reply; 30 seconds by default.
  ///   - logger: Receives the dialogue at debug level, without credentials.
  public init(
    relay: SMTPRelay,
    eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    timeout: Duration = .seconds(30),
    logger: Logger = Logger(label: "todo.mail")
  ) {
    self.relay = relay
    self.eventLoopGroup = eventLoopGroup
    self.timeout = timeout
    self.logger = logger
    self.ehloName = Self.fullyQualifiedHostName()
  }

  /// `gethostname`'s answer if it is a fully qualified domain name. Unlike
  /// `ProcessInfo.hostName`, this never waits for DNS.
  private static func fullyQualifiedHostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    let isFullyQualified =
      labels.count >= 2 && name.utf8.count <= 253
      && labels.allSatisfy { label in
        !label.isEmpty
          && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      }
    return isFullyQualified ? name : nil
  }

  /// Sends `message` and returns once the relay has accepted it.
  ///
  /// The envelope sender (`MAIL FROM`) is the relay's `from`; the recipients are the
  /// message's `to`.
  ///
  /// - Throws: ``MailMessageError`` before connecting when the message cannot be rendered,
  ///   ``SMTPError`` when the relay cannot be reached, does not offer what the relay URL
  ///   requires, refuses a command, or does not answer in time.
  public func send(_ message: MailMessage) async throws {
    let content = try message.rendered()
    let tlsContext = try makeTLSContext()
    var logger = self.logger
    logger[metadataKey: "smtp.relay"] = "\(relay)"
    logger[metadataKey: "smtp.message-id"] = "\(message.messageID)"

    let connection = try await SMTPConnection.open(
      relay: relay, group: eventLoopGroup, implicitTLS: relay.security == .implicitTLS,
      tlsContext: tlsContext, serverHostname: serverHostname, timeout: timeout, logger: logger)
    // The channel is closed on every path: success, error and cancellation.
    try await withTaskCancellationHandler {
      do {
        try await converse(
          connection, message: message, content: content, tlsContext: tlsContext, logger: logger)
      } catch {
        connection.close()
        throw error
      }
      connection.close()
    } onCancel: {
      connection.close()
    }
  }

  private func converse(
    _ connection: SMTPConnection, message: MailMessage, content: String,
    tlsContext: NIOSSLContext?, logger: Logger
  ) async throws {
    var tlsIsActive = relay.security == .implicitTLS
    let ehloName = self.ehloName ?? connection.localAddressLiteral
    try await connection.exchange(nil, name: "greeting", expecting: [220])
    var extensions = try await connection.ehlo(ehloName)

    if relay.security == .startTLS {
      guard extensions["STARTTLS"] != nil, let tlsContext else {
        throw SMTPError(
          command: "STARTTLS", code: nil,
          message: "the relay does not offer STARTTLS, and smtp:// never sends mail in plain "
            + "text (use smtps:// if the relay speaks TLS from the start)")
      }
      try await connection.exchange("STARTTLS", expecting: [220])
      try await connection.startTLS(context: tlsContext, serverHostname: serverHostname)
      tlsIsActive = true
      // What the relay offered before TLS is forgotten (RFC 3207): ask again.
      extensions = try await connection.ehlo(ehloName)
    }

    if let user = relay.user, let password = relay.password {
      guard tlsIsActive || (relay.security == .none && SMTPRelay.isLoopback(relay.host)) else {
        throw SMTPError(
          command: "AUTH", code: nil, message: "refusing to send credentials without TLS")
      }
      try await authenticate(
        connection, user: user, password: password, mechanisms: extensions["AUTH"] ?? [])
      logger.debug("SMTP authenticated", metadata: ["smtp.user": "\(user)"])
    }

    try await connection.exchange("MAIL FROM:<\(relay.from)>", expecting: [250])
    for recipient in message.to {
      try await connection.exchange("RCPT TO:<\(recipient)>", expecting: [250, 251])
    }
    try await connection.exchange("DATA", expecting: [354])
    logger.debug("SMTP >>> (message, \(content.utf8.count) bytes)")
    // `content` ends with CRLF, so the final "." makes the CRLF.CRLF terminator.
    try await connection.exchange(
      Self.dotStuffed(content) + ".", name: "message", expecting: [250], logged: false)
    logger.debug("SMTP relay accepted the message", metadata: ["smtp.recipients": "\(message.to)"])

    // The message is accepted: a failed QUIT must not make the caller send it again.
    do {
      try await connection.exchange("QUIT", expecting: [221])
    } catch {
      logger.debug("SMTP QUIT after an accepted message failed: \(error)")
    }
  }

  private func authenticate(
    _ connection: SMTPConnection, user: String, password: String, mechanisms: [String]
  ) async throws {
    // Neither the credentials nor the lines carrying them are logged or put in errors.
    if mechanisms.contains("PLAIN") {
      let credentials = Data([0] + Array(user.utf8) + [0] + Array(password.utf8))
      try await connection.exchange(
        "AUTH PLAIN \(credentials.base64EncodedString())", name: "AUTH PLAIN", expecting: [235],
        logged: false)
    } else {
      try await connection.exchange(
        "AUTH LOGIN", name: "AUTH LOGIN", expecting: [334], logged: false)
      try await connection.exchange(
        Data(user.utf8).base64EncodedString(), name: "AUTH LOGIN", expecting: [334],
        logged: false)
      try await connection.exchange(
        Data(password.utf8).base64EncodedString(), name: "AUTH LOGIN", expecting: [235],
        logged: false)
    }
  }

  /// The name the certificate must carry and that is sent as SNI; `nil` for an IP address,
  /// which NIOSSL checks against the certificate's IP addresses instead.
  private var serverHostname: String? {
    (try? SocketAddress(ipAddress: relay.host, port: 0)) == nil ? relay.host : nil
  }

  private func makeTLSContext() throws -> NIOSSLContext? {
    guard relay.security != .none else { return nil }
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.minimumTLSVersion = .tlsv12
    configuration.certificateVerification = .fullVerification
    if let caFile = relay.caFile {
      configuration.additionalTrustRoots = [.file(caFile)]
    }
    do {
      return try NIOSSLContext(configuration: configuration)
    } catch {
      throw SMTPError(
        command: "TLS setup", code: nil,
        message: "cannot set up TLS (CA file: \(relay.caFile ?? "none")): \(error)")
    }
  }

  /// `content` with a "." added before each line that starts with one, so that no line of
  /// the message can end the DATA section early.
  static func dotStuffed(_ content: String) -> String {
    // Bytes, not Characters: a "." followed by a combining mark is still a "." to the relay.
    var output: [UInt8] = []
    output.reserveCapacity(content.utf8.count + 64)
    var isAtLineStart = true
    for byte in content.utf8 {
      if isAtLineStart && byte == UInt8(ascii: ".") {
        output.append(byte)
      }
      output.append(byte)
      isAtLineStart = byte == UInt8(ascii: "\n")
    }
    return String(decoding: output, as: UTF8.self)
  }
}
