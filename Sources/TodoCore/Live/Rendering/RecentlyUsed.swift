/// The last few values computed for keys that are compared, not hashed, the most recently
/// used first.
///
/// For what the pages of a person share within a frame (their sidebar's parts), which are
/// most often the very same arrays: those compare at once, where hashing them for every page
/// cost more than computing them.
struct RecentlyUsed<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  private var entries: [(key: Key, value: Value)] = []
  /// Enough for the people whose pages render within one frame to find theirs.
  private let capacity: Int

  init(capacity: Int = 16) {
    self.capacity = capacity
  }

  /// The value kept for `key`, if any.
  mutating func value(for key: Key) -> Value? {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = entries[index]
    if index > 0 {
      entries.remove(at: index)
      entries.insert(entry, at: 0)
    }
    return entry.value
  }

  /// Keeps `value` for `key`, forgetting the least recently used beyond the capacity.
  mutating func keep(_ value: Value, for key: Key) {
    if entries.count >= capacity { entries.removeLast() }
    entries.insert((key, value), at: 0)
  }
}
