import Foundation
import Persistence

// MARK: - Browser sessions

extension TodoService {
  /// Starts a session for an account that just signed in, and ends `replacing` (the session
  /// the browser had before, if any): a session id is never carried across a sign-in.
  ///
  /// - Parameters:
  ///   - id: The session's identifier (the cookie's first part).
  ///   - accountID: The account.
  ///   - secretHash: The SHA-256 of the cookie's secret, in lowercase hexadecimal.
  ///   - csrfToken: The token its cookie-authenticated writes must send.
  ///   - replacing: The browser's previous session.
  ///   - policy: The expiry; expired sessions of the account are removed meanwhile.
  public func startSession(
    id: UUID, for accountID: UUID, secretHash: String, csrfToken: String, replacing: UUID? = nil,
    policy: SessionPolicy = SessionPolicy()
  ) async throws -> AccountSession {
    try await write { tx in
      let date = self.now()
      if let replacing, let old = try tx.object(AccountSession.self, id: replacing) {
        try tx.delete(old)
      }
      for old in try tx.fetch(FetchRequest(filter: AccountSession.accountIDAttribute == accountID))
      where Self.isExpired(old, at: date, policy: policy) {
        try tx.delete(old)
      }
      return try tx.insert(
        AccountSession(
          id: id, accountID: accountID, secretHash: secretHash, csrfToken: csrfToken,
          createdAt: date,
          lastSeenAt: date))
    }
  }

  /// The live session with this identifier whose secret hashes to `secretHash`, and its
  /// account; `nil` for an unknown, expired or forged one. The hashes are compared in
  /// constant time. An expired session is removed; a used one has its last use recorded (at
  /// most once a minute, so reads stay reads).
  public func session(id: UUID, secretHash: String, policy: SessionPolicy = SessionPolicy())
    async throws -> (session: AccountSession, account: Account)?
  {
    let found = try await read { tx -> (AccountSession, Account?)? in
      guard let session = try tx.object(AccountSession.self, id: id) else { return nil }
      return (session, try tx.object(Account.self, id: session.accountID))
    }
    guard let (session, account) = found,
      ConstantTime.equal(session.secretHash, secretHash)
    else { return nil }
    let date = now()
    guard let account, !Self.isExpired(session, at: date, policy: policy) else {
      try await endSession(id: id)
      return nil
    }
    if date.timeIntervalSince(session.lastSeenAt) >= 60 {
      let touched = try await write { tx -> AccountSession? in
        guard var current = try tx.object(AccountSession.self, id: id) else { return nil }
        current.lastSeenAt = date
        return try tx.update(current)
      }
      guard let touched else { return nil }
      return (touched, account)
    }
    return (session, account)
  }

  /// Returns when the session ends: at sign-out, a password change or the removal of its
  /// account, in this process or any other on the store (a live page then closes). Returns
  /// at once for a session that is gone; throws `CancellationError` when cancelled first.
  public func sessionEnded(id: UUID) async throws {
    let request = FetchRequest<AccountSession>(filter: AccountSession.idAttribute == id)
    for try await results in container.viewContext.observe(request) where results.objects.isEmpty {
      return
    }
    try Task.checkCancellation()
  }

  /// Ends a session (sign-out). Ending one that is gone changes nothing.
  public func endSession(id: UUID) async throws {
    try await container.write { tx in
      if let session = try tx.object(AccountSession.self, id: id) { try tx.delete(session) }
    }
  }

  static func isExpired(_ session: AccountSession, at date: Date, policy: SessionPolicy) -> Bool {
    date.timeIntervalSince(session.lastSeenAt) > policy.idle.seconds
      || date.timeIntervalSince(session.createdAt) > policy.absolute.seconds
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// Comparisons whose time does not depend on where two secrets differ.
public enum ConstantTime {
  /// Whether two strings are equal, reading every byte of both whatever they hold (only
  /// their lengths, which are public, may end it early).
  public static func equal(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }
}
