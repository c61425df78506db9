import Hummingbird

/// Refuses, with 415, a POST, PUT or PATCH that declares a non-empty body that is not JSON.
///
/// `application/json` and any `application/*+json` type are accepted, with parameters
/// (`; charset=utf-8`). A request without a body needs no content type; a body of unknown
/// length (chunked) is checked when a route reads it (``JSON/decode(_:from:context:)``).
struct ContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if [.post, .put, .patch].contains(request.method), Self.hasBody(request) {
      let contentType = request.headers[.contentType]
      guard let contentType, Self.isJSON(contentType) else {
        throw Problem.unsupportedMediaType(contentType)
      }
    }
    return try await next(request, context)
  }

  static func hasBody(_ request: Request) -> Bool {
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
