import Hummingbird

/// Turns a generated handler's response body into one buffer, so that Hummingbird writes the
/// head, the body and the end of the response in one batched write.
///
/// The OpenAPI transport hands every body to Hummingbird as a closure that writes the
/// `HTTPBody`'s chunks; for such a body Hummingbird writes the head, each chunk and the end
/// as separate writes to the channel, each a hop to the event loop and a flush of its own. A
/// `ResponseBody(byteBuffer:)` goes out in one (`ResponseWriter.write(response:body:)`). This
/// middleware runs the closure of a body whose length is known and at most
/// ``largestBody`` into a ``WholeBodyWriter`` and answers with the bytes it wrote: the same
/// status, headers and bytes, one write (a list read of 100 todos spent about a third of its
/// time in the three). Bodies of unknown or larger length stream as before.
///
/// A body that fails while it is collected throws here, before anything is sent, so the
/// client gets a problem instead of a cut-off response.
struct WholeBodyMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The largest body collected into one buffer; exports and long lists above it stream.
  static var largestBody: Int { 4 << 20 }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.body = try await Self.whole(response.body)
    return response
  }

  /// `body` as one buffer when its length is known and at most ``largestBody``; otherwise
  /// `body` itself.
  static func whole(_ body: ResponseBody) async throws -> ResponseBody {
    guard let length = body.contentLength, length <= largestBody else { return body }
    let writer = WholeBodyWriter(capacity: length)
    try await body.write(writer)
    let buffer = writer.bytes
    guard let trailers = writer.trailers else { return ResponseBody(byteBuffer: buffer) }
    return ResponseBody(contentLength: buffer.readableBytes) { writer in
      try await writer.write(buffer)
      try await writer.finish(trailers)
    }
  }
}

/// Collects what a response body writes: its bytes in one buffer, and trailing headers if it
/// finishes with any. Used by one request's task only.
final class WholeBodyWriter: ResponseBodyWriter {
  private(set) var buffer: ByteBuffer?
  private(set) var trailers: HTTPFields?
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The bytes written, or an empty buffer.
  var bytes: ByteBuffer { buffer ?? ByteBuffer() }

  func write(_ part: ByteBuffer) async throws {
    // A single part, the usual case, is kept as it is: nothing is copied.
    guard var whole = buffer else {
      buffer = part
      return
    }
    buffer = nil
    whole.reserveCapacity(
      minimumWritableBytes: max(part.readableBytes, capacity - whole.readableBytes))
    var part = part
    whole.writeBuffer(&part)
    buffer = whole
  }

  func finish(_ trailingHeaders: HTTPFields?) async throws {
    trailers = trailingHeaders
  }
}
