import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// One reply of the relay: its code and the text of each of its lines.
struct SMTPReply: Sendable {
  var code: Int
  var lines: [String]

  var text: String { lines.joined(separator: " ") }
}

/// One connection to the relay, used by one task at a time.
struct SMTPConnection: Sendable {
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
