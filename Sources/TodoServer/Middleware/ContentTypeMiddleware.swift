import Hummingbird

/// Refuses, with 415, a POST, PUT or PATCH whose body is not JSON.
///
/// `application/json` and any `application/*+json` type are accepted, with parameters
/// (`; charset=utf-8`). A request without a body needs no content type.
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
    if let length = request.headers[.contentLength] { return length != "0" }
    return request.headers[.transferEncoding] != nil
  }

  /// Whether a `Content-Type` value names JSON.
  static func isJSON(_ contentType: String) -> Bool {
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
    let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
    return type == "application/json"
      || (type.hasPrefix("application/") && type.hasSuffix("+json"))
  }
}
