import Foundation
import HTTPTypes
import TodoCore

/// `/api/v1/session`, `/api/v1/tokens` and `/api/v1/lists/{id}/members`: signing in and out,
/// API tokens, sharing. On a server without accounts each answers 404.
extension TodoAPI {
  // MARK: - Session

  func getSession(_ input: Operations.GetSession.Input) async throws
    -> Operations.GetSession.Output
  {
    let (principal, auth) = try await signedIn()
    var csrfToken: String?
    if case .session(_, let token) = auth.method { csrfToken = token }
    return .ok(.init(body: .json(session(principal, csrfToken: csrfToken))))
  }

  func signIn(_ input: Operations.SignIn.Input) async throws -> Operations.SignIn.Output {
    let auth = try accounts()
    let service = try state.requireService()
    let body =
      switch input.body {
      case .json(let body): body
      }
    let wait = try await service.signInWait(
      name: body.name, address: auth.address, policy: state.throttlePolicy)
    if wait > .zero {
      ServerMetrics.signInFailures.increment()
      var problem = Problem(
        .tooManyRequests, type: "urn:todo:problem:throttled", title: "Too many attempts",
        detail: "too many failed sign-ins; try again later")
      problem.headers[.retryAfter] = String(Int(wait.components.seconds) + 1)
      throw problem
    }
    let account = try await service.account(named: body.name)
    let matches = await state.hasher.verify(
      body.password, hash: account?.passwordHash ?? PasswordHasher.decoy)
    guard let account, matches else {
      ServerMetrics.signInFailures.increment()
      try await service.recordSignInFailure(
        name: body.name, address: auth.address, policy: state.throttlePolicy)
      throw Problem.unauthorized("wrong user name or password")
    }
    try await service.clearSignInFailures(name: body.name, address: auth.address)
    let credential = SessionCredential.make()
    let csrfToken = Secrets.random()
    _ = try await service.startSession(
      id: credential.id, for: account.id, secretHash: Secrets.hash(credential.secret),
      csrfToken: csrfToken,
      replacing: auth.presentedSession, policy: state.sessionPolicy)
    return .ok(
      .init(
        headers: .init(setCookie: sessionCookie(credential.text, maxAge: sessionMaxAge)),
        body: .json(session(Principal(account), csrfToken: csrfToken))))
  }

  func signOut(_ input: Operations.SignOut.Input) async throws -> Operations.SignOut.Output {
    let (_, auth) = try await signedIn()
    if case .session(let id, _) = auth.method {
      try await state.requireService().endSession(id: id)
    }
    return .noContent(.init(headers: .init(setCookie: sessionCookie("", maxAge: 0))))
  }

  // MARK: - Tokens

  func listTokens(_ input: Operations.ListTokens.Input) async throws
    -> Operations.ListTokens.Output
  {
    let (principal, _) = try await signedIn()
    let tokens = try await service().tokens(of: principal.accountID)
    return .ok(.init(body: .json(tokens.map(tokenInfo))))
  }

  func createToken(_ input: Operations.CreateToken.Input) async throws
    -> Operations.CreateToken.Output
  {
    let (principal, _) = try await signedIn()
    let body =
      switch input.body {
      case .json(let body): body
      }
    let credential = TokenCredential.make()
    let token = try await service().createToken(
      id: credential.id, for: principal.accountID, named: body.name,
      scope: body.scope ?? .readWrite, secretHash: Secrets.hash(credential.secret))
    return .created(
      .init(body: .json(.init(token: credential.text, info: tokenInfo(token)))))
  }

  func revokeToken(_ input: Operations.RevokeToken.Input) async throws
    -> Operations.RevokeToken.Output
  {
    let (principal, _) = try await signedIn()
    let id = try identifier(input.path.tokenID, of: "token")
    try await service().revokeToken(id: id, of: principal.accountID)
    return .noContent(.init())
  }

  // MARK: - Sharing

  func listMembers(_ input: Operations.ListMembers.Input) async throws
    -> Operations.ListMembers.Output
  {
    _ = try await signedIn()
    let id = try identifier(input.path.listID, of: "list")
    return .ok(.init(body: .json(try await service().members(ofList: id))))
  }

  func shareList(_ input: Operations.ShareList.Input) async throws
    -> Operations.ShareList.Output
  {
    _ = try await signedIn()
    let id = try identifier(input.path.listID, of: "list")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let role: ShareRole = body.role == .editor ? .editor : .viewer
    let member = try await service().share(list: id, with: input.path.userName, as: role)
    return .ok(.init(body: .json(member)))
  }

  func unshareList(_ input: Operations.UnshareList.Input) async throws
    -> Operations.UnshareList.Output
  {
    _ = try await signedIn()
    let id = try identifier(input.path.listID, of: "list")
    let service = try service()
    guard let account = try await service.account(named: input.path.userName) else {
      throw Problem.notFound("no user \(input.path.userName)")
    }
    let unassigned = try await service.unshare(list: id, from: account.id)
    return .ok(.init(body: .json(.init(unassigned: unassigned))))
  }

  // MARK: - Helpers

  /// The request's authentication on a server with accounts (404 without).
  private func accounts() throws -> RequestAuth {
    let auth = RequestAuth.current
    guard auth.accountsOn else { throw Problem.notFound("this server has no accounts") }
    return auth
  }

  /// The signed-in principal, its token checked (401 without one or for a token that does
  /// not hold, 404 without accounts).
  private func signedIn() async throws -> (Principal, RequestAuth) {
    let auth = try accounts()
    if let principal = auth.principal { return (principal, auth) }
    guard auth.token != nil, let principal = try await service().resolvedPrincipal() else {
      throw Problem.unauthorized("sign in first")
    }
    return (principal, auth)
  }

  private func session(_ principal: Principal, csrfToken: String?) -> Components.Schemas.Session {
    .init(
      account: .init(id: principal.accountID.uuidString, name: principal.name),
      csrfToken: csrfToken, inboxID: principal.inboxID.uuidString)
  }

  private func tokenInfo(_ token: AccessToken) -> Components.Schemas.TokenInfo {
    .init(
      id: token.id.uuidString, name: token.name, scope: token.scope, createdAt: token.createdAt,
      lastUsedAt: token.lastUsedAt)
  }

  private var sessionMaxAge: Int { Int(state.sessionPolicy.absolute.components.seconds) }

  /// The session cookie: HttpOnly, SameSite=Lax, Secure when the public URL is https.
  private func sessionCookie(_ value: String, maxAge: Int) -> String {
    var cookie =
      "\(SessionCredential.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
    if state.origins.isSecure { cookie += "; Secure" }
    return cookie
  }
}

// MARK: - Mail

extension TodoAPI {
  func getMailSettings(_ input: Operations.GetMailSettings.Input) async throws
    -> Operations.GetMailSettings.Output
  {
    _ = try await signedIn()
    let settings = try await service().ownMailSettings()
    return .ok(.init(body: .json(.init(email: settings.email, digest: settings.digest))))
  }

  func setMailSettings(_ input: Operations.SetMailSettings.Input) async throws
    -> Operations.SetMailSettings.Output
  {
    _ = try await signedIn()
    let body =
      switch input.body {
      case .json(let body): body
      }
    let settings = try await service().setOwnMail(address: body.email, digest: body.digest)
    return .ok(.init(body: .json(.init(email: settings.email, digest: settings.digest))))
  }
}
