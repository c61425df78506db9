import Foundation
import TodoCore

/// Who sent the request being handled, and how: set by ``AuthMiddleware`` for the task that
/// handles it, read by the API's handlers (which the OpenAPI generator gives no request
/// context).
struct RequestAuth: Sendable {
  /// How the request was signed in.
  enum Method: Sendable, Equatable {
    /// A browser session cookie (its writes also carry the CSRF token).
    case session(id: UUID, csrfToken: String)
    /// An API token (Bearer, or an app password in HTTP Basic).
    case token(id: UUID)
  }

  /// The signed-in account; `nil` on a server without accounts, or for a request that needs
  /// none (signing in).
  var principal: Principal?
  /// How it signed in; `nil` without credentials.
  var method: Method?
  /// A token presented to an API route: checked in the first transaction of the service the
  /// handler acts with (``TodoAPI/service()``), not before, so the request costs one
  /// transaction.
  var token: (id: UUID, secretHash: String, userName: String?)?
  /// The browser's session cookie, valid or not (signing in ends it: the id is rotated).
  var presentedSession: UUID?
  /// The peer's address, for sign-in throttling.
  var address: String
  /// Whether the server has accounts on.
  var accountsOn: Bool

  /// The service acting for this request: the signed-in account, a token to check in the
  /// service's first transaction, ``Principal/nobody`` on a server with accounts and no
  /// credentials, or the whole store without accounts.
  func service(of service: TodoService) -> TodoService {
    if let principal { return service.acting(as: principal) }
    if let token {
      return service.acting(
        tokenID: token.id, secretHash: token.secretHash, userName: token.userName)
    }
    return accountsOn ? service.acting(as: .nobody) : service
  }

  /// The request's authentication, while a handler runs.
  @TaskLocal static var current = RequestAuth(
    principal: nil, method: nil, token: nil, presentedSession: nil, address: "",
    accountsOn: false)
}
