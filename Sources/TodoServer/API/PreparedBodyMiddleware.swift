import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// A JSON body a handler wrote itself, put in place of the one the generated code encoded.
///
/// The generator has no way to hand it a response body that is already JSON: every
/// `application/json` output is a value it encodes with `JSONEncoder`. For the one operation
/// where that encoding was most of the request's cost (`listTodos`), the handler
/// writes the bytes (`TodoService.todosJSON`) into the request's ``PreparedBody`` and returns its output
/// with an empty array; this middleware then replaces the encoded `[]` with the bytes. The
/// generated code still decodes the request, checks `Accept`, and writes the status and
/// headers. Without the middleware (no slot), the handler returns its todos as usual.
struct PreparedBodyMiddleware: ServerMiddleware {
  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata,
    operationID: String, next: Next
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard PreparedBody.operations.contains(operationID) else {
      return try await next(request, body, metadata)
    }
    let slot = PreparedBody()
    var (response, responseBody) = try await PreparedBody.$current.withValue(slot) {
      try await next(request, body, metadata)
    }
    guard let bytes = slot.take() else { return (response, responseBody) }
    // The generated code measured the placeholder.
    response.headerFields[.contentLength] = String(bytes.count)
    responseBody = HTTPBody(bytes)
    return (response, responseBody)
  }
}

/// Where a handler leaves the JSON body it wrote for ``PreparedBodyMiddleware``.
final class PreparedBody: Sendable {
  /// The operations whose handlers write their body.
  static let operations: Set<String> = ["listTodos"]

  /// The slot of the request being handled, if the middleware runs.
  @TaskLocal static var current: PreparedBody?

  private let bytes = Mutex<[UInt8]?>(nil)

  /// Leaves `json` as the response's body.
  func set(_ json: [UInt8]) {
    bytes.withLock { $0 = json }
  }

  /// The body left, once.
  func take() -> [UInt8]? {
    bytes.withLock { bytes in
      defer { bytes = nil }
      return bytes
    }
  }
}
