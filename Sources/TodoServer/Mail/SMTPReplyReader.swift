import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Frames the relay's bytes into lines and the lines into replies (`250-…` lines continue
/// a reply, `250 …` ends it), and hands them out one at a time, each within a time limit.
final class SMTPReplyReader: ChannelInboundHandler, RemovableChannelHandler {
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
