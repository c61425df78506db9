import Foundation
import Persistence

// MARK: - API tokens

extension TodoService {
  /// Creates a token for an account. The caller made the identifier and the secret (both
  /// are in the token it shows once); only the secret's hash is stored.
  ///
  /// - Throws: `TodoError.validation` for a bad name or one the account's tokens already
  ///   use, `TodoError.notFound` for an unknown account.
  public func createToken(
    id: UUID, for accountID: UUID, named name: String, scope: TokenScope, secretHash: String
  ) async throws -> AccessToken {
    let name = try AccountValidation.tokenName(name)
    return try await write { tx in
      try self.checkSelf(accountID)
      guard try tx.object(Account.self, id: accountID) != nil else {
        throw TodoError.notFound(entity: "user", id: accountID.uuidString)
      }
      let existing = try tx.fetch(FetchRequest(filter: AccessToken.accountIDAttribute == accountID))
      if existing.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        throw TodoError.validation(
          field: "name", message: "a token named \"\(name)\" exists already")
      }
      return try tx.insert(
        AccessToken(
          id: id, accountID: accountID, name: name, secretHash: secretHash, scope: scope,
          createdAt: self.now()))
    }
  }

  /// An account's tokens, newest first.
  public func tokens(of accountID: UUID) async throws -> [AccessToken] {
    try await read { tx in
      try self.checkSelf(accountID)
      return try tx.fetch(
        FetchRequest(
          filter: AccessToken.accountIDAttribute == accountID,
          sortedBy: [AccessToken.createdAtAttribute.descending]))
    }
  }

  /// Revokes one of an account's tokens: the next request with it is refused.
  ///
  /// - Throws: `TodoError.notFound` if the account has no such token.
  public func revokeToken(id: UUID, of accountID: UUID) async throws {
    try await write { tx in
      try self.checkSelf(accountID)
      guard let token = try tx.object(AccessToken.self, id: id), token.accountID == accountID
      else { throw TodoError.notFound(entity: "token", id: id.uuidString) }
      try tx.delete(token)
    }
  }

  /// Returns when the token is revoked (or its account removed), in this process or any
  /// other on the store: a live page opened with it then closes, as one opened with a
  /// browser session does at sign-out. Returns at once for a token that is gone; throws
  /// `CancellationError` when cancelled first.
  public func tokenRevoked(id: UUID) async throws {
    let request = FetchRequest<AccessToken>(filter: AccessToken.idAttribute == id)
    for try await results in container.viewContext.observe(request) where results.objects.isEmpty {
      return
    }
    try Task.checkCancellation()
  }

  /// The token with this identifier whose secret hashes to `secretHash`, and its account;
  /// `nil` for an unknown, revoked or forged one. The check is the one a request's first
  /// transaction makes (``acting(tokenID:secretHash:userName:)``): the hashes compared in
  /// constant time, its last use recorded at most once a minute.
  public func verifyToken(id: UUID, secretHash: String) async throws
    -> (token: AccessToken, account: Account)?
  {
    let check = TokenCheck(tokenID: id, secretHash: secretHash, userName: nil)
    let holder = TodoService(self, principal: nil, tokenCheck: check)
    do {
      _ = try await holder.resolvedPrincipal()
    } catch TodoError.unauthenticated {
      return nil
    }
    return check.checked
  }

  /// With a principal, only its own account's tokens (checked inside the transaction, where
  /// a token's principal is known).
  private func checkSelf(_ accountID: UUID) throws {
    if let principal, principal.accountID != accountID {
      throw TodoError.notFound(entity: "user", id: accountID.uuidString)
    }
  }
}
