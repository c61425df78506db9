import Crypto
import Dispatch
import Foundation
import HummingbirdBcrypt

/// Hashes and checks passwords with bcrypt, off the server's threads.
///
/// The password is first reduced to the base64 of its SHA-256, because bcrypt reads only 72
/// bytes: a long passphrase counts whole. The cost is chosen so that one hash takes about
/// 100 ms on a small server (``defaultCost``), which makes guessing slow and signing in
/// quick.
public struct PasswordHasher: Sendable {
  /// bcrypt's cost on this project's machines: 2^10 rounds, about 100 ms.
  public static let defaultCost: UInt8 = 10

  /// The cost of new hashes.
  public var cost: UInt8

  /// A hasher with `cost` (tests use the minimum, 4).
  public init(cost: UInt8 = PasswordHasher.defaultCost) {
    self.cost = cost
  }

  /// The bcrypt hash of `password`.
  public func hash(_ password: String) async -> String {
    let cost = self.cost
    return await Self.offload { Bcrypt.hash(Self.prepared(password), cost: cost) }
  }

  /// Whether `password` matches `hash`. Takes as long as a hash of that cost.
  public func verify(_ password: String, hash: String) async -> Bool {
    await Self.offload { Bcrypt.verify(Self.prepared(password), hash: hash) }
  }

  /// A hash that matches no password, checked when a name is unknown so that the answer
  /// takes as long as for a known one.
  static let decoy = Bcrypt.hash(Secrets.random(), cost: defaultCost)

  private static func prepared(_ password: String) -> String {
    Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
  }

  /// Runs CPU-bound work on a Dispatch queue instead of the concurrency pool.
  private static func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
  }
}
