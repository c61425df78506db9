/// A key of ``SharedWork``: what a value is computed from, made of what stays while a view is
/// open (its ``identity``) and what moves on with the data (a sequence).
protocol SharedWorkKey: Hashable, Sendable {
  associatedtype Identity: Hashable & Sendable
  /// What stays the same while the pages show the same view: one value is kept per identity.
  var identity: Identity { get }
  /// Whether this key reflects newer data than `other`, of the same identity.
  func isNewer(than other: Self) -> Bool
}

/// Values computed once for many pages, by key: the newest ready one of each view, and the
/// keys being computed with the pages waiting for them. Kept inside ``PageRenderer``'s lock.
///
/// One value is kept per identity, the newest: the pages of a view move on together, so the
/// value they share is the one at the newest sequence, and an older one is only needed by a
/// page that fell behind, which computes its own. At most `capacity` identities are kept;
/// beyond, the least recently used quarter goes (views nobody has shown for a while).
struct SharedWork<Key: SharedWorkKey, Value: Sendable> {
  /// What a page does for a key.
  enum Claim {
    case ready(Value)
    /// Another page computes it: wait.
    case wait
    /// Nobody has it: compute it, then ``finish(_:identity:_:capacity:)``.
    case compute
  }

  private struct Entry {
    var key: Key
    var value: Value
    var used: UInt64
  }

  private var ready: [Key.Identity: Entry] = [:]
  private var pending: [Key: [CheckedContinuation<Value?, Never>]] = [:]
  /// Counts claims: an entry remembers the last one that used it.
  private var clock: UInt64 = 0

  /// The value of `key` (whose ``SharedWorkKey/identity`` is `identity`, worked out before
  /// taking the lock), or who computes it.
  mutating func claim(_ key: Key, identity: Key.Identity) -> Claim {
    clock += 1
    if let index = ready.index(forKey: identity), ready.values[index].key == key {
      ready.values[index].used = clock
      return .ready(ready.values[index].value)
    }
    if pending[key] != nil { return .wait }
    pending[key] = []
    return .compute
  }

  /// Waits for `key`: resumed with its value, or with `nil` if its computation failed (the
  /// waiter then computes it itself). Resumed at once if it became ready meanwhile.
  mutating func wait(
    for key: Key, identity: Key.Identity, _ continuation: CheckedContinuation<Value?, Never>
  ) {
    if let entry = ready[identity], entry.key == key {
      continuation.resume(returning: entry.value)
    } else if pending[key] != nil {
      pending[key]!.append(continuation)
    } else {
      continuation.resume(returning: nil)
    }
  }

  /// Stores `value` unless a newer one of its view is kept; returns the pages to resume with
  /// it.
  mutating func finish(_ key: Key, identity: Key.Identity, _ value: Value, capacity: Int)
    -> [CheckedContinuation<Value?, Never>]
  {
    if let kept = ready[identity], kept.key.isNewer(than: key) {
      // A page that fell behind: its value is not what the others will need.
    } else {
      if ready[identity] == nil, ready.count >= capacity { evictLeastRecentlyUsed() }
      ready[identity] = Entry(key: key, value: value, used: clock)
    }
    return pending.removeValue(forKey: key) ?? []
  }

  /// Gives up on `key`; returns the pages to resume with `nil`.
  mutating func abandon(_ key: Key) -> [CheckedContinuation<Value?, Never>] {
    pending.removeValue(forKey: key) ?? []
  }

  /// Drops the least recently used quarter of the entries (at least one): evicting in
  /// batches keeps the cost of a claim constant on average.
  private mutating func evictLeastRecentlyUsed() {
    let uses = ready.values.map(\.used).sorted()
    guard !uses.isEmpty else { return }
    let limit = uses[max(0, uses.count / 4 - 1)]
    ready = ready.filter { $0.value.used > limit }
  }
}
