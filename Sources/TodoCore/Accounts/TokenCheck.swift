import Foundation
import Persistence
import Synchronization

/// An API token presented with a request, checked inside the first transaction of the
/// service acting for it, so that a token-authenticated request costs one transaction, not
/// two (BENCHMARKS.md, "accounts").
///
/// Until the check ran, the service's ``TodoService/principal`` is ``Principal/nobody``: an
/// account that owns nothing, may see nothing and may write nothing. Nothing is ever allowed
/// on a token that was not checked.
final class TokenCheck: Sendable {
  let tokenID: UUID
  let secretHash: String
  /// The user name HTTP Basic sent with the token, which must be the token's user's.
  let userName: String?
  private let state = Mutex<(checked: (token: AccessToken, account: Account)?, touch: Bool)>(
    (nil, false))

  init(tokenID: UUID, secretHash: String, userName: String?) {
    self.tokenID = tokenID
    self.secretHash = secretHash
    self.userName = userName
  }

  /// The checked token and its account, once the check ran.
  var checked: (token: AccessToken, account: Account)? { state.withLock { $0.checked } }

  /// The checked principal, if the check ran.
  var principal: Principal? {
    checked.map { Principal($0.account, mayWrite: $0.token.scope == .readWrite) }
  }

  /// Checks the token in `tx` (once): it exists, its secret's hash matches in constant time,
  /// its account exists and, with HTTP Basic, has the name sent.
  ///
  /// - Throws: `TodoError.unauthenticated` otherwise.
  func check(in tx: ReadTransaction, now: Date) throws {
    guard principal == nil else { return }
    guard let token = try tx.object(AccessToken.self, id: tokenID),
      ConstantTime.equal(token.secretHash, secretHash),
      let account = try tx.object(Account.self, id: token.accountID),
      userName.map({ $0.lowercased() == account.nameKey }) ?? true
    else {
      throw TodoError.unauthenticated("the token is not valid (it may have been revoked)")
    }
    let stale = token.lastUsedAt.map { now.timeIntervalSince($0) >= 60 } ?? true
    var used = token
    if stale { used.lastUsedAt = now }
    state.withLock { $0 = ((used, account), stale) }
  }

  /// Whether the token's last use should be recorded (at most once a minute); `true` once.
  func takeTouch() -> Bool {
    state.withLock { state in
      defer { state.touch = false }
      return state.touch
    }
  }
}

extension Principal {
  /// Who a service acts for while its token is not checked yet: an account that owns
  /// nothing, is shared nothing and may write nothing.
  public static let nobody = Principal(
    accountID: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, name: "",
    inboxID: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, mayWrite: false)
}

extension TodoService {
  /// The same store, acting for the holder of an API token, which is checked in the first
  /// transaction the service runs (see ``resolvedPrincipal()``): a request costs one
  /// transaction. A token that does not hold fails that transaction with
  /// `TodoError.unauthenticated`.
  ///
  /// - Parameters:
  ///   - tokenID: The token's identifier (from its text).
  ///   - secretHash: The SHA-256 of the secret the request sent.
  ///   - userName: The user name sent with it in HTTP Basic, if any.
  public func acting(tokenID: UUID, secretHash: String, userName: String? = nil) -> TodoService {
    TodoService(
      self, principal: nil,
      tokenCheck: TokenCheck(tokenID: tokenID, secretHash: secretHash, userName: userName))
  }

  /// Whom the service acts for, its token checked first if it has one (one read
  /// transaction, the first time only). `nil` for the single user of a server without
  /// accounts, or an administrator.
  ///
  /// - Throws: `TodoError.unauthenticated` for a token that does not hold.
  public func resolvedPrincipal() async throws -> Principal? {
    if let tokenCheck, tokenCheck.principal == nil {
      _ = try await read { _ in true }
    }
    return principal
  }

  /// Checks the service's token, if any, in `tx`.
  func checkToken(in tx: ReadTransaction) throws {
    try tokenCheck?.check(in: tx, now: now())
  }

  /// Records the token's use, at most once a minute, after the transaction that checked it.
  func recordTokenUse() async {
    guard let tokenCheck, tokenCheck.takeTouch() else { return }
    let date = now()
    _ = try? await container.write { tx in
      guard var token = try tx.object(AccessToken.self, id: tokenCheck.tokenID) else { return }
      token.lastUsedAt = date
      try tx.update(token)
    }
  }
}
