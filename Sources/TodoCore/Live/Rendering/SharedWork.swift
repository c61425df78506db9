/// Values computed once for many pages, by key: ready ones, and the keys being computed with
/// the pages waiting for them. Kept inside ``PageRenderer``'s lock.
struct SharedWork<Key: Hashable & Sendable, Value: Sendable> {
  /// What a page does for a key.
  enum Claim {
    case ready(Value)
    /// Another page computes it: wait.
    case wait
    /// Nobody has it: compute it, then ``finish(_:_:)``.
    case compute
  }

  private var ready: [Key: Value] = [:]
  private var pending: [Key: [CheckedContinuation<Value?, Never>]] = [:]

  /// The value of `key`, or who computes it. Ready values are dropped when there are
  /// `capacity` of them (the views open now are recomputed once).
  mutating func claim(_ key: Key, capacity: Int) -> Claim {
    if let value = ready[key] { return .ready(value) }
    if pending[key] != nil { return .wait }
    if ready.count >= capacity { ready.removeAll(keepingCapacity: true) }
    pending[key] = []
    return .compute
  }

  /// Waits for `key`: resumed with its value, or with `nil` if its computation failed (the
  /// waiter then computes it itself). Resumed at once if it became ready meanwhile.
  mutating func wait(for key: Key, _ continuation: CheckedContinuation<Value?, Never>) {
    if let value = ready[key] {
      continuation.resume(returning: value)
    } else if pending[key] != nil {
      pending[key]!.append(continuation)
    } else {
      continuation.resume(returning: nil)
    }
  }

  /// Stores `value`; returns the pages to resume with it.
  mutating func finish(_ key: Key, _ value: Value) -> [CheckedContinuation<Value?, Never>] {
    ready[key] = value
    return pending.removeValue(forKey: key) ?? []
  }

  /// Gives up on `key`; returns the pages to resume with `nil`.
  mutating func abandon(_ key: Key) -> [CheckedContinuation<Value?, Never>] {
    pending.removeValue(forKey: key) ?? []
  }
}
