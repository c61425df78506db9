import Hummingbird

/// Lets only the server's own origins (and those it was told to allow) use it from a
/// browser, and refuses cross-site writes.
///
/// - A request with an `Origin` that is neither the server's nor allowed gets 403, on every
///   route, preflights included; no CORS header is ever sent to such an origin.
/// - A request that changes state without an `Origin` is refused when `Sec-Fetch-Site` says
///   it comes from another site (`cross-site`, or `same-site`: another port of the host).
/// - An allowed origin (`--allow-origin`) gets CORS: its own origin echoed (never `*`),
///   `Vary: Origin`, and an answer to its preflights.
/// - The Todo-Backend endpoint `/todos` answers CORS for any origin only when
///   ``ServerOrigins/todoBackendCORS`` is on, as the Todo-Backend spec runner needs.
struct OriginMiddleware<Context: RequestContext>: RouterMiddleware {
  static var allowedMethods: String { "GET, POST, PUT, PATCH, DELETE" }
  static var allowedHeaders: String { "Content-Type, If-Match, Accept" }
  static var exposedHeaders: String { "Location, ETag" }

  let origins: ServerOrigins

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if origins.todoBackendCORS, Self.isTodoBackend(request.uri.path) {
      return try await openCORS(request, context: context, next: next)
    }
    let origin = request.headers[.origin]
    if let origin, !origins.isTrusted(origin) {
      return try refuse("requests from \(origin) are not allowed", request, context)
    }
    if origin == nil, Self.changesState(request.method),
      let site = request.headers[.secFetchSite], site != "same-origin", site != "none"
    {
      return try refuse("a \(site) request cannot change anything here", request, context)
    }
    guard let origin, origins.isAllowedForCORS(origin) else {
      return try await next(request, context)
    }
    if Self.isPreflight(request) {
      var headers: HTTPFields = [:]
      headers[.accessControlAllowMethods] = Self.allowedMethods
      headers[.accessControlAllowHeaders] = Self.allowedHeaders
      headers[.accessControlMaxAge] = "600"
      return Self.allow(origin, Response(status: .noContent, headers: headers))
    }
    return Self.allow(origin, try await next(request, context))
  }

  /// `/todos` with `--todo-backend-cors`: any origin may call it.
  private func openCORS(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    if Self.isPreflight(request) {
      response = Response(status: .noContent)
      response.headers[.accessControlAllowMethods] = Self.allowedMethods
      response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
      response.headers[.accessControlMaxAge] = "600"
    } else {
      response = try await next(request, context)
    }
    response.headers[.accessControlAllowOrigin] = "*"
    response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
    return response
  }

  private func refuse(_ detail: String, _ request: Request, _ context: Context) throws
    -> Response
  {
    try Problem(
      .forbidden, type: "urn:todo:problem:cross-origin", title: "Cross-origin request refused",
      detail: detail
    ).response(from: request, context: context)
  }

  private static func allow(_ origin: String, _ response: Response) -> Response {
    var response = response
    response.headers[.accessControlAllowOrigin] = origin
    response.headers[.accessControlExposeHeaders] = exposedHeaders
    response.headers[values: .vary].append("Origin")
    return response
  }

  static func isPreflight(_ request: Request) -> Bool {
    request.method == .options && request.headers[.accessControlRequestMethod] != nil
  }

  static func changesState(_ method: HTTPRequest.Method) -> Bool {
    method != .get && method != .head && method != .options
  }

  static func isTodoBackend(_ path: String) -> Bool {
    path == "/todos" || path.hasPrefix("/todos/")
  }
}
