import Foundation
import Persistence

/// Failed sign-ins of one account name or one address, kept in the database so that every
/// server counts them together.
@Entity("sign_in_throttle")
public struct SignInThrottle: Hashable {
  /// The identifier.
  public var id: UUID
  /// What is counted: `account:NAME` (lowercased) or `address:IP`.
  public var key: String
  /// Failures since the last success (or since the count was last forgotten).
  public var failures: Int
  /// When the last one happened.
  public var lastFailureAt: Date
}

extension SignInThrottle {
  public static let migrations: [Migration] = [
    Migration(
      "create", [.createTable(), .createIndex("sign_in_throttle_key", on: ["key"], unique: true)])
  ]
}

/// How sign-in failures slow further attempts: a few are free, then each one doubles the wait
/// before the next attempt is even checked, up to a ceiling. A day without failures forgets
/// them.
public struct ThrottlePolicy: Sendable, Hashable {
  /// Failures of one account name before attempts must wait.
  public var freeAccountFailures: Int
  /// Failures from one address before attempts must wait (an address may be shared).
  public var freeAddressFailures: Int
  /// The longest wait.
  public var longest: Duration
  /// Failures older than this are forgotten.
  public var memory: Duration

  /// Creates a policy: by default 3 free failures per name and 10 per address, then waits of
  /// 1, 2, 4… seconds up to 15 minutes; a day forgets.
  public init(
    freeAccountFailures: Int = 3, freeAddressFailures: Int = 10,
    longest: Duration = .seconds(900), memory: Duration = .seconds(86_400)
  ) {
    self.freeAccountFailures = freeAccountFailures
    self.freeAddressFailures = freeAddressFailures
    self.longest = longest
    self.memory = memory
  }

  /// The wait after `failures` failures when `free` are allowed.
  func wait(after failures: Int, free: Int) -> Duration {
    guard failures >= free else { return .zero }
    let doublings = min(failures - free, 20)
    return min(.seconds(1 << doublings), longest)
  }
}
