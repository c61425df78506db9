import Foundation
import Persistence

// MARK: - Sign-in throttling

extension TodoService {
  /// How long an attempt to sign in as `name` from `address` must still wait after the
  /// failures before it; zero when it may be checked now. The same answer whether or not
  /// the name exists.
  public func signInWait(name: String, address: String, policy: ThrottlePolicy = ThrottlePolicy())
    async throws -> Duration
  {
    let keys = Self.throttleKeys(name: name, address: address, policy: policy)
    let date = now()
    return try await read { tx in
      var longest = Duration.zero
      for (key, free) in keys {
        guard let throttle = try Self.throttle(key, in: tx) else { continue }
        let elapsed = date.timeIntervalSince(throttle.lastFailureAt)
        guard elapsed < policy.memory.seconds else { continue }
        let wait = policy.wait(after: throttle.failures, free: free).seconds - elapsed
        if wait > 0 { longest = max(longest, .milliseconds(Int64((wait * 1000).rounded(.up)))) }
      }
      return longest
    }
  }

  /// Counts a failed sign-in against the name and the address.
  public func recordSignInFailure(
    name: String, address: String, policy: ThrottlePolicy = ThrottlePolicy()
  ) async throws {
    let keys = Self.throttleKeys(name: name, address: address, policy: policy)
    try await container.write { tx in
      let date = self.now()
      for (key, _) in keys {
        if var throttle = try Self.throttle(key, in: tx) {
          let forgotten = date.timeIntervalSince(throttle.lastFailureAt) >= policy.memory.seconds
          throttle.failures = forgotten ? 1 : throttle.failures + 1
          throttle.lastFailureAt = date
          try tx.update(throttle)
        } else {
          try tx.insert(SignInThrottle(id: UUID(), key: key, failures: 1, lastFailureAt: date))
        }
      }
    }
  }

  /// Forgets the failures of a name (and of the address) after a successful sign-in.
  public func clearSignInFailures(name: String, address: String) async throws {
    let keys = Self.throttleKeys(name: name, address: address, policy: ThrottlePolicy())
    try await container.write { tx in
      for (key, _) in keys {
        if let throttle = try Self.throttle(key, in: tx) { try tx.delete(throttle) }
      }
    }
  }

  private static func throttleKeys(name: String, address: String, policy: ThrottlePolicy)
    -> [(String, Int)]
  {
    let name = String(name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().prefix(64))
    return [
      ("account:\(name)", policy.freeAccountFailures),
      ("address:\(address)", policy.freeAddressFailures),
    ]
  }

  private static func throttle(_ key: String, in tx: ReadTransaction) throws -> SignInThrottle? {
    try tx.fetch(FetchRequest(filter: SignInThrottle.keyAttribute == key)).first
  }
}
