import Hummingbird

/// Refuses, with 415, a request that changes state (POST, PUT, PATCH, DELETE) and carries a
/// body that is not JSON: a form on another site cannot post one here.
///
/// `application/json` and any `application/*+json` type are accepted, with parameters
/// (`; charset=utf-8`). A request without a body needs no content type; a chunked body is
/// checked from its header like any other.
struct ContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if [.post, .put, .patch, .delete].contains(request.method), Self.hasBody(request) {
      let contentType = request.headers[.contentType]
      guard let contentType, Self.isJSON(contentType) else {
        throw Problem.unsupportedMediaType(contentType)
      }
    }
    return try await next(request, context)
  }

  static func hasBody(_ request: Request) -> Bool {
    if request.headers[.transferEncoding] != nil { return true }
    guard let length = request.headers[.contentLength] else { return false }
    return length != "0"
  }

  /// Whether a `Content-Type` value names JSON.
  static func isJSON(_ contentType: String) -> Bool {
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
    let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
    return type == "application/json"
      || (type.hasPrefix("application/") && type.hasSuffix("+json"))
  }
}
