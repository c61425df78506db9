import Hummingbird

/// Allows any origin to use the API, as Todo-Backend front ends and its spec runner need:
/// `Access-Control-Allow-Origin: *` on every response (errors included), and an answer of
/// 204 to every `OPTIONS` preflight, whatever the path.
struct CORSHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  static var allowedMethods: String { "GET, POST, PUT, PATCH, DELETE, OPTIONS" }
  static var allowedHeaders: String { "Content-Type, If-Match, Accept, Authorization" }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.method == .options {
      var headers: HTTPFields = [:]
      headers[.accessControlAllowMethods] = Self.allowedMethods
      headers[.accessControlAllowHeaders] =
        request.headers[.accessControlRequestHeaders] ?? Self.allowedHeaders
      headers[.accessControlMaxAge] = "86400"
      return Self.decorate(Response(status: .noContent, headers: headers))
    }
    return Self.decorate(try await next(request, context))
  }

  static func decorate(_ response: Response) -> Response {
    var response = response
    response.headers[.accessControlAllowOrigin] = "*"
    response.headers[.accessControlExposeHeaders] = "Location, ETag"
    return response
  }
}
