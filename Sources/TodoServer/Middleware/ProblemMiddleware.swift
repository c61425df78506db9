import Hummingbird
import Logging

/// Turns every error into an `application/problem+json` response (RFC 9457).
///
/// Errors clients can cause become their problem (400, 404, 409, 413, 415, 422); anything
/// else is the server's fault: it is logged (never with the request body) and answered as a
/// plain 500 problem that reveals nothing.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      if let problem = Problem(converting: error) {
        return try problem.response(from: request, context: context)
      }
      context.logger.error(
        "internal error",
        metadata: [
          "method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)",
        ])
      return try Problem(.internalServerError, detail: "the server failed; see its log")
        .response(from: request, context: context)
    }
  }
}
