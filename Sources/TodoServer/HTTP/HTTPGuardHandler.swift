import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// The connection's gatekeeper, between the HTTP decoder and the rest of the server: every
/// request that is malformed, too large, too slow, misaddressed or unwelcome is answered
/// here with its status and the connection closed, before any route sees it.
///
/// Why a channel handler: with the WebSocket upgrade in the pipeline, Hummingbird turns off
/// SwiftNIO's error handling, and a decoder error on a connection's first request reached no
/// one: the client waited for minutes. Here decoder errors become responses (400, 431, 501),
/// and the checks that need no route are made once for every request and the WebSocket
/// upgrade alike:
///
/// - `Host` must name the server (421; missing or repeated is 400);
/// - the target is at most ``HTTPLimits/maximumURILength`` bytes (414), the head at most
///   ``HTTPLimits/maximumHeaderSize`` (431), the declared body at most
///   ``HTTPLimits/maximumBodySize`` (413, before it is read);
/// - only the methods the server implements (501 for others, `TRACE` included);
/// - a WebSocket upgrade is only for `/live` and from the server's origins (403);
/// - the header, body and idle timeouts; on shutdown, idle connections close at once and the
///   others once their response is written or the grace period ends.
///
/// It removes itself when it lets a WebSocket upgrade through: the connection then speaks
/// frames, which ``WebSocketFrameGuard`` checks.
final class HTTPGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private enum Inbound {
    /// Between requests: no byte of the next one yet.
    case waiting
    /// Bytes of a head arrived: `bytes` of its request line so far, and whether it ended.
    case head(bytes: Int, lineEnded: Bool)
    /// The head went to the server; its body is being read.
    case body
  }

  let origins: ServerOrigins
  let limits: HTTPLimits
  let webSocketPaths: Set<String>
  private let overCapacity: Bool
  /// This handler's context, for the bytes the ``InboundBytesHandler`` hands over.
  private var context: ChannelHandlerContext?

  private var inbound = Inbound.waiting
  /// Requests passed on whose response has not ended.
  private var responsesPending = 0
  /// Whether the next head is the connection's first (only then can it upgrade).
  private var isFirstRequest = true
  /// Set once the connection is answered here: everything inbound is dropped.
  private var refusing = false
  /// Whether the connection's first request was refused here (so no later handler saw one).
  private var refusedFirstRequest = false
  /// A refusal to write once the responses in progress have ended.
  private var deferredRefusal: (HTTPResponseStatus, String)?
  /// Close once the responses in progress have ended (shutdown, a body error, or a request
  /// that asked for it with `Connection: close`).
  private var closeWhenDone = false
  /// Whether the request that asked to close the connection has been read: whatever the
  /// client pipelined after it is dropped unanswered, as RFC 9112 section 9.6 says.
  private var lastRequestRead = false
  /// When the current phase (head, body, idle) times out; `nil` while the server is
  /// answering.
  private var deadline: NIODeadline?
  private var timer: Scheduled<Void>?
  private var timerFiresAt: NIODeadline?
  private var graceTimer: Scheduled<Void>?
  /// The first bytes of the head being read, to tell an unknown method (501) from a request
  /// line that is not one (400).
  private var requestLineStart: ByteBuffer?

  init(
    origins: ServerOrigins, limits: HTTPLimits, webSocketPaths: Set<String>,
    overCapacity: Bool
  ) {
    self.origins = origins
    self.limits = limits
    self.webSocketPaths = webSocketPaths
    self.overCapacity = overCapacity
  }

  // MARK: - Lifecycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { start(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  /// A connection that closes before its first request (a browser's preconnect, or one
  /// refused here) is, to the upgrade negotiation after this handler, input that ended:
  /// Hummingbird then logs it at trace level instead of as an upgrade error.
  func channelInactive(context: ChannelHandlerContext) {
    if isFirstRequest || refusedFirstRequest {
      context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
    timer?.cancel()
    graceTimer?.cancel()
  }

  private func start(context: ChannelHandlerContext) {
    if overCapacity {
      refuse(
        .serviceUnavailable, "the server has too many open connections; retry shortly",
        context: context, extraHeaders: [("Retry-After", "1")])
    } else {
      arm(limits.idleTimeout, context: context)
    }
  }

  // MARK: - Inbound

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent { quiesce(context: context) }
    context.fireUserInboundEventTriggered(event)
  }

  /// Raw bytes on their way to the decoder (from the ``InboundBytesHandler``): starts the
  /// header timeout and bounds the head.
  func received(_ buffer: ByteBuffer) {
    guard let context else { return }
    received(buffer, context: context)
  }

  private func received(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
    guard !refusing, !lastRequestRead else { return }
    switch inbound {
    case .body:
      return
    case .waiting:
      inbound = .head(bytes: 0, lineEnded: false)
      requestLineStart = buffer.getSlice(
        at: buffer.readerIndex, length: min(64, buffer.readableBytes))
      arm(limits.headerTimeout, context: context)
      received(buffer, context: context)
    case .head(let bytes, let lineEnded):
      // Only the request line needs bounding here: SwiftNIO's decoder keeps no limit on the
      // target, but does on the header fields (431 through its `headerOverflow`). The bytes
      // after the line may already be a body, so they are not counted.
      guard !lineEnded else { return }
      let ended = buffer.readableBytesView.contains(UInt8(ascii: "\n"))
      let total = bytes + buffer.readableBytes
      inbound = .head(bytes: total, lineEnded: ended)
      if !ended, total > limits.maximumURILength + 32 {
        refuse(
          .uriTooLong, "request targets are limited to \(limits.maximumURILength) bytes",
          context: context)
      }
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refusing, !lastRequestRead else { return }
    switch unwrapInboundIn(data) {
    case .head(let head):
      let firstRequest = isFirstRequest
      isFirstRequest = false
      let (refusal, webSocket) = check(head)
      if let (status, detail) = refusal {
        refusedFirstRequest = firstRequest
        refuse(status, detail, context: context)
        return
      }
      if firstRequest, webSocket {
        passUpgrade(data, context: context)
        return
      }
      inbound = .body
      responsesPending += 1
      if !head.isKeepAlive { closeWhenDone = true }
      arm(limits.bodyTimeout, context: context)
      context.fireChannelRead(data)
    case .body:
      context.fireChannelRead(data)
    case .end:
      inbound = .waiting
      lastRequestRead = closeWhenDone
      cancelTimer()
      context.fireChannelRead(data)
    }
  }

  /// Lets an accepted upgrade through and leaves the pipeline (with the byte counter): from
  /// here on, the connection carries WebSocket frames.
  private func passUpgrade(_ data: NIOAny, context: ChannelHandlerContext) {
    cancelTimer()
    let pipeline = context.pipeline.syncOperations
    try? pipeline.addHandler(WebSocketFrameGuard.Installer(shutdownGrace: limits.shutdownGrace))
    if let bytes = try? pipeline.context(handlerType: InboundBytesHandler.self) {
      pipeline.removeHandler(context: bytes, promise: nil)
    }
    context.fireChannelRead(data)
    pipeline.removeHandler(context: context, promise: nil)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parserError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    guard !refusing, !lastRequestRead else { return }
    if case .body = inbound {
      // The route is reading this body: it gets a 400 problem to answer; then close.
      refusing = true
      closeWhenDone = true
      cancelTimer()
      context.fireErrorCaught(
        Problem.badRequest("the request body is malformed or was cut short (\(parserError))"))
      return
    }
    switch parserError {
    case .invalidMethod
    where Self.isRequestLine(requestLineStart.map { Array($0.readableBytesView) } ?? []):
      refuse(.notImplemented, "the request method is not implemented", context: context)
    case .headerOverflow:
      refuse(
        .requestHeaderFieldsTooLarge,
        "request heads are limited to \(limits.maximumHeaderSize) bytes", context: context)
    default:
      refuse(.badRequest, "malformed request (\(parserError))", context: context)
    }
  }

  // MARK: - Outbound

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head) where closeWhenDone:
      // The connection closes after this response (a broken body, or shutdown): say so.
      head.headers.replaceOrAdd(name: "Connection", value: "close")
      context.write(wrapOutboundOut(.head(head)), promise: promise)
      return
    case .head, .body:
      context.write(data, promise: promise)
      return
    case .end:
      break
    }
    responsesPending = max(0, responsesPending - 1)
    context.write(data, promise: promise)
    guard responsesPending == 0 else { return }
    if let (status, detail) = deferredRefusal {
      deferredRefusal = nil
      writeRefusal(status, detail, context: context, extraHeaders: [])
    } else if closeWhenDone {
      context.flush()
      context.close(promise: nil)
    } else if case .waiting = inbound {
      arm(limits.idleTimeout, context: context)
    }
  }

  // MARK: - Refusing, timeouts, shutdown

  /// Answers `status` and closes the connection; if a response is being written, after it.
  private func refuse(
    _ status: HTTPResponseStatus, _ detail: String, context: ChannelHandlerContext,
    extraHeaders: [(String, String)] = []
  ) {
    guard !refusing else { return }
    refusing = true
    cancelTimer()
    if responsesPending > 0 {
      deferredRefusal = (status, detail)
    } else {
      writeRefusal(status, detail, context: context, extraHeaders: extraHeaders)
    }
  }

  private func writeRefusal(
    _ status: HTTPResponseStatus, _ detail: String, context: ChannelHandlerContext,
    extraHeaders: [(String, String)]
  ) {
    let problem = Problem(
      HTTPResponse.Status(code: Int(status.code), reasonPhrase: status.reasonPhrase),
      type: "urn:todo:problem:\(status.problemType)", detail: detail)
    let body = problem.body
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: Problem.mediaType)
    headers.add(name: "Content-Length", value: String(body.readableBytes))
    headers.add(name: "Connection", value: "close")
    for field in origins.securityHeaders {
      headers.add(name: field.name.rawName, value: field.value)
    }
    for (name, value) in extraHeaders { headers.add(name: name, value: value) }
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
      self.lingerThenClose(context: context)
    }
  }

  /// Ends the response side at once, then drops what the client still sends for a moment
  /// before closing: a client (or a proxy) still sending a refused body then reads the answer,
  /// where an immediate close would reset the connection under it (a proxy turns that into
  /// 502).
  private func lingerThenClose(context: ChannelHandlerContext) {
    context.close(mode: .output).assumeIsolated().whenFailure { _ in
      context.close(promise: nil)
    }
    context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) {
      context.close(promise: nil)
    }
  }

  /// How long a refused connection is read (and its bytes dropped) after its answer.
  static let linger = TimeAmount.seconds(2)

  /// Sets the deadline of the current phase (header, body or idle). One scheduled task per
  /// connection serves every phase: it is only rescheduled when a deadline comes earlier
  /// than it fires, and when it fires early it waits for the deadline that is set now, so a
  /// request costs no timer allocations in the common case.
  private func arm(_ duration: Duration, context: ChannelHandlerContext) {
    let deadline = NIODeadline.now() + TimeAmount(duration)
    self.deadline = deadline
    if let firesAt = timerFiresAt, firesAt <= deadline { return }
    schedule(at: deadline, context: context)
  }

  private func schedule(at deadline: NIODeadline, context: ChannelHandlerContext) {
    timer?.cancel()
    timerFiresAt = deadline
    timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
      self.timer = nil
      self.timerFiresAt = nil
      guard let deadline = self.deadline else { return }
      if deadline <= .now() {
        self.deadline = nil
        self.timedOut(context: context)
      } else {
        self.schedule(at: deadline, context: context)
      }
    }
  }

  /// Clears the current phase's deadline (the task, if any, finds none when it fires).
  private func cancelTimer() {
    deadline = nil
  }

  private func timedOut(context: ChannelHandlerContext) {
    switch inbound {
    case .waiting where responsesPending == 0:
      context.close(promise: nil)
    case .waiting:
      break
    case .head:
      refuse(.requestTimeout, "the request head took too long", context: context)
    case .body:
      // The route is waiting for this body; it will never come. Close the connection.
      refusing = true
      context.close(promise: nil)
    }
  }

  /// Shutdown began: close now if nothing is in flight, else when it ends or the grace
  /// period does.
  private func quiesce(context: ChannelHandlerContext) {
    let readingBody: Bool
    if case .body = inbound { readingBody = true } else { readingBody = false }
    guard responsesPending > 0 || readingBody else {
      refusing = true
      context.close(promise: nil)
      return
    }
    closeWhenDone = true
    graceTimer = context.eventLoop.assumeIsolated().scheduleTask(
      in: TimeAmount(limits.shutdownGrace)
    ) {
      context.close(promise: nil)
    }
  }
}
