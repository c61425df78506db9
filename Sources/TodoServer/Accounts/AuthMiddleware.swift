import Foundation
import HTTPTypes
import Hummingbird
import TodoCore

/// Signs every request in, on a server with accounts, and keeps out those that are not.
///
/// Credentials, in this order: `Authorization: Bearer TOKEN`; `Authorization: Basic` with a
/// user name and an API token as its password (an app password, as calendar apps send); the
/// session cookie of a browser that signed in. A request that presents credentials that do
/// not hold is refused with 401: here for a session and for a token sent anywhere but the
/// API; a token sent to an API route is checked by the first transaction of the handler's
/// service (``TodoAPI/service()``), so that the request costs one transaction, and a
/// request the handler refuses before reading anything (a malformed id or body) gets that
/// answer instead.
///
/// Without credentials, only what anyone may see is served: the sign-in page and the static
/// files it needs, `/healthz`, `/readyz`, the OpenAPI document and the sign-in itself. The page (`/`)
/// redirects to the sign-in page; everything else is 401.
///
/// A write authenticated by the session cookie must also send the session's CSRF token in
/// `X-CSRF-Token` (the Origin check of ``OriginMiddleware`` comes first): a page of another
/// site cannot read the token, so it cannot make the browser write.
///
/// On a server without accounts it only records the peer's address.
struct AuthMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  let state: ServerState

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // The metrics route checks a token of its own, which is no account's.
    if request.uri.path == "/metrics" { return try await next(request, context) }
    guard Self.isCalDAV(request) else {
      return try await authenticate(request, context: context, next: next)
    }
    do {
      return try await authenticate(request, context: context, next: next)
    } catch let error where Self.isUnauthorized(error) {
      // Calendar apps ask for the user name and an app password (an API token) again.
      var problem = (error as? Problem) ?? Problem.unauthorized("\(error)")
      problem.headers[.wwwAuthenticate] = "Basic realm=\"todo\", charset=\"UTF-8\""
      throw problem
    }
  }

  private static func isUnauthorized(_ error: any Error) -> Bool {
    if let problem = error as? Problem { return problem.status == .unauthorized }
    if case .unauthenticated? = error as? TodoError { return true }
    return false
  }

  private func authenticate(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var auth = RequestAuth(
      principal: nil, method: nil, token: nil, presentedSession: nil,
      address: context.peerAddress, accountsOn: state.accountsOn)
    guard auth.accountsOn, let service = state.service else {
      return try await RequestAuth.$current.withValue(auth) { try await next(request, context) }
    }
    let cookie = Self.sessionCookie(request.headers)
    auth.presentedSession = cookie?.id
    if let header = request.headers[.authorization] {
      guard let (credential, user) = Self.token(header) else {
        throw Problem.unauthorized("the token is not valid (it may have been revoked)")
      }
      auth.method = .token(id: credential.id)
      if Self.isDeferred(request) {
        // Checked in the handler's own transaction (TodoAPI.service()).
        auth.token = (credential.id, Secrets.hash(credential.secret), user)
      } else {
        // The same check, in a transaction of its own: these routes run none.
        auth.principal = try await service.acting(
          tokenID: credential.id, secretHash: Secrets.hash(credential.secret), userName: user
        ).resolvedPrincipal()
      }
    } else if let cookie,
      let (session, account) = try await service.session(
        id: cookie.id, secretHash: Secrets.hash(cookie.secret), policy: state.sessionPolicy)
    {
      auth.principal = Principal(account)
      auth.method = .session(id: session.id, csrfToken: session.csrfToken)
      // Signing in again (as someone else, say) needs no token: the page that signs in
      // has none, and the Origin check keeps other sites out.
      if OriginMiddleware<Context>.changesState(request.method), !Self.isSignIn(request) {
        guard let sent = request.headers[.csrfToken],
          ConstantTime.equal(sent, session.csrfToken)
        else {
          throw Problem(
            .forbidden, type: "urn:todo:problem:csrf", title: "Missing CSRF token",
            detail: "a write from the page must send its X-CSRF-Token header")
        }
      }
    }
    if auth.principal == nil, auth.token == nil, !Self.isPublic(request) {
      if request.method == .get, request.uri.path == "/" || request.uri.path == "/index.html" {
        var response = Response(status: .seeOther)
        response.headers[.location] = "/signin"
        return response
      }
      throw Problem.unauthorized("sign in first")
    }
    return try await RequestAuth.$current.withValue(auth) { try await next(request, context) }
  }

  /// The token of an `Authorization` header (Bearer, or Basic with the user name), as sent:
  /// not checked yet.
  static func token(_ header: String) -> (TokenCredential, user: String?)? {
    // `scheme value`, the value without the spaces and tabs around it (HTTP's optional
    // whitespace), read on the bytes: Foundation's trimming cost more than the rest of the
    // check a request.
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let text = header.utf8.drop(while: isSpace)
    guard let end = text.firstIndex(where: isSpace) else { return nil }
    var rest = text[end...].drop(while: isSpace)
    while let last = rest.last, isSpace(last) { rest = rest.dropLast() }
    guard !rest.isEmpty else { return nil }
    let value = String(Substring(rest))
    var user: String?
    let tokenText: String
    switch String(Substring(text[..<end])).lowercased() {
    case "bearer":
      tokenText = value
    case "basic":
      guard let data = Data(base64Encoded: value), let text = String(data: data, encoding: .utf8),
        let colon = text.firstIndex(of: ":")
      else { return nil }
      user = String(text[..<colon])
      tokenText = String(text[text.index(after: colon)...])
    default:
      return nil
    }
    guard let credential = TokenCredential(tokenText) else { return nil }
    return (credential, user)
  }

  /// Whether a token sent to this route is checked by its handler, in the transaction that
  /// reads or writes what it asks for: the JSON API and Todo-Backend routes, except the
  /// public ones. Elsewhere (the page's files, `/healthz`) it is checked here.
  static func isDeferred(_ request: Request) -> Bool {
    let path = request.uri.path
    guard path.hasPrefix("/api/v1/") || path == "/todos" || path.hasPrefix("/todos/") else {
      return false
    }
    return !isPublic(request)
  }

  /// The session cookie, if the request has a well-formed one.
  static func sessionCookie(_ headers: HTTPFields) -> SessionCredential? {
    for field in headers[values: .cookie] {
      for pair in field.split(separator: ";") {
        let trimmed = pair.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "=") else { continue }
        if trimmed[..<equals] == SessionCredential.cookieName {
          return SessionCredential(trimmed[trimmed.index(after: equals)...])
        }
      }
    }
    return nil
  }

  /// A request to the CalDAV tree.
  static func isCalDAV(_ request: Request) -> Bool {
    let path = request.uri.path
    return path == "/dav" || path.hasPrefix("/dav/")
  }

  /// `POST /api/v1/session`.
  static func isSignIn(_ request: Request) -> Bool {
    request.method == .post && request.uri.path == "/api/v1/session"
  }

  /// What anyone may ask for without signing in.
  static func isPublic(_ request: Request) -> Bool {
    let path = request.uri.path
    switch path {
    case "/healthz", "/readyz", "/api/v1/openapi.json", "/signin", "/signin.html", "/signin.js",
      "/app.css", "/favicon.svg", "/.well-known/caldav":
      return true
    default:
      return isSignIn(request)
    }
  }
}

extension HTTPField.Name {
  /// The header that carries a page's CSRF token.
  static var csrfToken: Self { Self("X-CSRF-Token")! }
}
