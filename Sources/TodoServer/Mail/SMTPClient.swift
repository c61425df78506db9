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

/// A failed exchange with an SMTP relay.
public struct SMTPError: Error, CustomStringConvertible {
  /// The command that failed, such as `RCPT TO:<bob@example.com>`; `AUTH PLAIN` or
  /// `AUTH LOGIN` without their credentials; or `connect`, `greeting`, `message` (the text
  /// after DATA) or `TLS setup`.
  public let command: String
  /// The relay's reply code, or `nil` when there was no usable reply: a timeout, a closed
  /// connection, a TLS failure, or a missing extension such as STARTTLS.
  public let code: Int?
  /// The relay's reply text, or what went wrong when there was no reply.
  public let message: String

  /// Makes an error.
  public init(command: String, code: Int?, message: String) {
    self.command = command
    self.code = code
    self.message = message
  }

  /// The command, code and text in one line.
  public var description: String {
    if let code {
      return "SMTP \(command) failed: \(code) \(message)"
    }
    return "SMTP \(command) failed: \(message)"
  }
}

/// One reply of the relay: its code and the text of each of its lines.
struct SMTPReply: Sendable {
  var code: Int
  var lines: [String]

  var text: String { lines.joined(separator: " ") }
}

/// One connection to the relay, used by one task at a time.
private struct SMTPConnection: Sendable {
  let channel: any Channel
  let replies: NIOLoopBound<SMTPReplyReader>
  let timeout: Duration
  let logger: Logger

  static func open(
    relay: SMTPRelay, group: any EventLoopGroup, implicitTLS: Bool, tlsContext: NIOSSLContext?,
    serverHostname: String?, timeout: Duration, logger: Logger
  ) async throws -> SMTPConnection {
    let bootstrap = ClientBootstrap(group: group)
      .connectTimeout(TimeAmount(timeout))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          if implicitTLS, let tlsContext {
            try channel.pipeline.syncOperations.addHandler(
              NIOSSLClientHandler(context: tlsContext, serverHostname: serverHostname))
          }
          try channel.pipeline.syncOperations.addHandler(
            SMTPReplyReader(eventLoop: channel.eventLoop))
        }
      }
    logger.debug("SMTP connecting")
    let channel: any Channel
    do {
      channel = try await bootstrap.connect(host: relay.host, port: relay.port).get()
    } catch {
      throw SMTPError(
        command: "connect", code: nil,
        message: "cannot connect to \(relay.host) port \(relay.port): \(error)")
    }
    do {
      let replies = try await channel.eventLoop.submit {
        NIOLoopBound(
          try channel.pipeline.syncOperations.handler(type: SMTPReplyReader.self),
          eventLoop: channel.eventLoop)
      }.get()
      return SMTPConnection(channel: channel, replies: replies, timeout: timeout, logger: logger)
    } catch {
      channel.close(promise: nil)
      throw SMTPError(command: "connect", code: nil, message: "\(error)")
    }
  }

  func close() {
    channel.close(promise: nil)
  }

  /// The connection's local address as an RFC 5321 address literal, such as `[192.0.2.1]`
  /// or `[IPv6:2001:db8::1]`.
  var localAddressLiteral: String {
    guard let address = channel.localAddress, let ip = address.ipAddress else {
      return "[127.0.0.1]"
    }
    return address.protocol == .inet6 ? "[IPv6:\(ip)]" : "[\(ip)]"
  }

  /// Sends `line` (unless `nil`) and reads the reply, which must have one of the expected
  /// codes.
  ///
  /// - Parameters:
  ///   - name: What errors call the command; `line` by default.
  ///   - logged: Whether `line` is logged; never for credentials.
  @discardableResult
  func exchange(
    _ line: String?, name: String? = nil, expecting codes: Set<Int>, logged: Bool = true
  ) async throws -> SMTPReply {
    let name = name ?? line ?? "reply"
    if let line {
      if logged {
        logger.debug("SMTP >>> \(line)")
      }
      var buffer = channel.allocator.buffer(capacity: line.utf8.count + 2)
      buffer.writeString(line)
      buffer.writeString("\r\n")
      do {
        try await channel.writeAndFlush(buffer)
      } catch {
        // The reader knows better why the connection failed (a TLS error, or a last reply
        // such as 421), and tells it once the channel is closed.
        channel.close(promise: nil)
      }
    }
    let reply = try await readReply(for: name)
    logger.trace("SMTP <<< \(reply.code) \(reply.text)")
    guard codes.contains(reply.code) else {
      throw SMTPError(command: name, code: reply.code, message: String(reply.text.prefix(1000)))
    }
    return reply
  }

  /// Sends EHLO and returns the extensions the relay offers: each keyword, upper-cased,
  /// with its upper-cased parameters.
  func ehlo(_ name: String) async throws -> [String: [String]] {
    let reply = try await exchange("EHLO \(name)", expecting: [250])
    var extensions: [String: [String]] = [:]
    for line in reply.lines.dropFirst() {
      var words = line.uppercased().split(separator: " ").map(String.init)
      guard !words.isEmpty else { continue }
      // Some relays still announce "AUTH=PLAIN LOGIN", the form of a draft before RFC 4954.
      if words[0].hasPrefix("AUTH=") {
        words = ["AUTH", String(words[0].dropFirst(5))] + words.dropFirst()
      }
      extensions[words[0], default: []] += words.dropFirst()
    }
    return extensions
  }

  /// Puts TLS in front of the connection after the relay's 220 reply to STARTTLS.
  func startTLS(context: NIOSSLContext, serverHostname: String?) async throws {
    let channel = self.channel
    let replies = self.replies
    do {
      try await channel.eventLoop.submit {
        // Plain text received after the 220 could only be an attacker's, injected to be
        // read as if it came through TLS.
        guard replies.value.isIdle else {
          throw SMTPReplyReader.Failure.dataAfterSTARTTLS
        }
        try channel.pipeline.syncOperations.addHandler(
          NIOSSLClientHandler(context: context, serverHostname: serverHostname),
          position: .first)
      }.get()
    } catch let failure as SMTPReplyReader.Failure {
      channel.close(promise: nil)
      throw SMTPError(command: "STARTTLS", code: nil, message: failure.explanation(timeout))
    } catch {
      channel.close(promise: nil)
      throw SMTPError(command: "STARTTLS", code: nil, message: "TLS setup failed: \(error)")
    }
  }

  private func readReply(for command: String) async throws -> SMTPReply {
    let replies = self.replies
    let timeAmount = TimeAmount(timeout)
    do {
      return try await channel.eventLoop.flatSubmit {
        replies.value.next(timeout: timeAmount)
      }.get()
    } catch let failure as SMTPReplyReader.Failure {
      throw SMTPError(command: command, code: nil, message: failure.explanation(timeout))
    } catch {
      throw SMTPError(command: command, code: nil, message: "\(error)")
    }
  }
}

/// Frames the relay's bytes into lines and the lines into replies (`250-…` lines continue
/// a reply, `250 …` ends it), and hands them out one at a time, each within a time limit.
private final class SMTPReplyReader: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer

  /// Why no reply could be read.
  enum Failure: Error {
    case timedOut
    case closed
    case malformed(String)
    case channel(any Error)
    case dataAfterSTARTTLS

    func explanation(_ timeout: Duration) -> String {
      switch self {
      case .timedOut: "no reply within \(timeout)"
      case .closed: "the relay closed the connection"
      case .malformed(let problem): "the relay's reply is not SMTP: \(problem)"
      case .channel(let error as NIOSSLError): "TLS failed: \(error)"
      case .channel(let error as NIOSSLExtraError): "TLS failed: \(error)"
      case .channel(let error): "the connection failed: \(error)"
      case .dataAfterSTARTTLS:
        "the relay sent more plain text after its reply to STARTTLS; not upgrading"
      }
    }
  }

  // RFC 5321 allows 512 bytes a reply line; more room is left for lax relays, but a bound
  // keeps a hostile one from filling memory.
  private static let maximumLineLength = 4096
  private static let maximumLinesPerReply = 200

  private let eventLoop: any EventLoop
  private var context: ChannelHandlerContext?
  private var buffer = ByteBuffer()
  private var partial: SMTPReply?
  private var replies = CircularBuffer<SMTPReply>()
  private var failure: Failure?
  private var waiter: (promise: EventLoopPromise<SMTPReply>, timer: Scheduled<Void>)?

  init(eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  /// Whether nothing has been received that was not handed out yet.
  var isIdle: Bool {
    buffer.readableBytes == 0 && partial == nil && replies.isEmpty
  }

  /// The next reply, or a failure if none comes within `timeout`.
  func next(timeout: TimeAmount) -> EventLoopFuture<SMTPReply> {
    if let reply = replies.popFirst() {
      return eventLoop.makeSucceededFuture(reply)
    }
    if let failure {
      return eventLoop.makeFailedFuture(failure)
    }
    precondition(waiter == nil, "one reply is awaited at a time")
    let promise = eventLoop.makePromise(of: SMTPReply.self)
    let timer = eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      self.fail(.timedOut)
    }
    waiter = (promise, timer)
    return promise.futureResult
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    fail(.closed, closing: false)
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var incoming = unwrapInboundIn(data)
    buffer.writeBuffer(&incoming)
    while failure == nil, let line = nextLine() {
      receive(line)
    }
    if failure == nil && buffer.readableBytes > Self.maximumLineLength {
      fail(.malformed("a line is longer than \(Self.maximumLineLength) bytes"))
    }
    buffer.discardReadBytes()
    deliver()
  }

  func channelInactive(context: ChannelHandlerContext) {
    fail(.closed, closing: false)
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    fail(.channel(error))
  }

  private func nextLine() -> String? {
    let view = buffer.readableBytesView
    guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let length = newline - view.startIndex
    guard length <= Self.maximumLineLength else {
      fail(.malformed("a line is longer than \(Self.maximumLineLength) bytes"))
      return nil
    }
    var line = buffer.readString(length: length) ?? ""
    buffer.moveReaderIndex(forwardBy: 1)
    if line.utf8.last == UInt8(ascii: "\r") {
      line = String(line.utf8.dropLast())!
    }
    return line
  }

  private func receive(_ line: String) {
    let bytes = Array(line.utf8)
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard bytes.count >= 3, bytes[0..<3].allSatisfy(isDigit),
      let code = Int(String(decoding: bytes[0..<3], as: UTF8.self))
    else {
      fail(.malformed("\(String(reflecting: String(line.prefix(80))))"))
      return
    }
    let separator = bytes.count > 3 ? bytes[3] : UInt8(ascii: " ")
    guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
      fail(.malformed("\(String(reflecting: String(line.prefix(80))))"))
      return
    }
    let text = bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : ""
    var reply = partial ?? SMTPReply(code: code, lines: [])
    guard reply.code == code, reply.lines.count < Self.maximumLinesPerReply else {
      fail(.malformed("a multi-line reply changes its code or is too long"))
      return
    }
    reply.lines.append(text)
    if separator == UInt8(ascii: " ") {
      replies.append(reply)
      partial = nil
    } else {
      partial = reply
    }
  }

  private func deliver() {
    guard let waiter, let reply = replies.popFirst() else { return }
    self.waiter = nil
    waiter.timer.cancel()
    waiter.promise.succeed(reply)
  }

  /// Records the first failure, fails the awaited reply unless one is already queued, and
  /// closes the connection: nothing more can be trusted from it.
  private func fail(_ failure: Failure, closing: Bool = true) {
    if self.failure == nil {
      self.failure = failure
    }
    if let waiter, replies.isEmpty {
      self.waiter = nil
      waiter.timer.cancel()
      waiter.promise.fail(self.failure ?? failure)
    }
    if closing {
      context?.close(promise: nil)
    }
  }
}
