import Testing

@testable import TodoCore

@Suite("SharedWork: one value per view, the newest, for the views in use")
struct SharedWorkTests {
  /// A view `name` at `sequence`.
  struct Key: SharedWorkKey {
    var name: String
    var sequence: Int

    var identity: String { name }
    func isNewer(than other: Key) -> Bool { sequence > other.sequence }
  }

  /// Claims `key` and, if it has to be computed, stores `value`; returns what the claim found.
  static func use(_ work: inout SharedWork<Key, String>, _ key: Key, _ value: String) -> String? {
    switch work.claim(key, identity: key.identity) {
    case .ready(let found): return found
    case .wait: Issue.record("nothing else computes \(key)")
    case .compute: _ = work.finish(key, identity: key.identity, value, capacity: 4)
    }
    return nil
  }

  @Test("a view's value is replaced by its newer one, never by an older one")
  func newestKept() {
    var work = SharedWork<Key, String>()
    #expect(Self.use(&work, Key(name: "inbox", sequence: 2), "two") == nil)
    #expect(Self.use(&work, Key(name: "inbox", sequence: 2), "again") == "two")
    // A page behind the others computes its own value, which does not replace the newer one.
    #expect(Self.use(&work, Key(name: "inbox", sequence: 1), "one") == nil)
    #expect(Self.use(&work, Key(name: "inbox", sequence: 2), "again") == "two")
    #expect(Self.use(&work, Key(name: "inbox", sequence: 3), "three") == nil)
    #expect(Self.use(&work, Key(name: "inbox", sequence: 3), "again") == "three")
    #expect(Self.use(&work, Key(name: "inbox", sequence: 2), "two again") == nil)
  }

  @Test("more views than the capacity: the least recently used go, the ones in use stay")
  func leastRecentlyUsedEvicted() {
    var work = SharedWork<Key, String>()
    for name in ["a", "b", "c", "d"] {
      _ = Self.use(&work, Key(name: name, sequence: 1), name)
    }
    // "a" is used again: "b" is now the least recently used.
    #expect(Self.use(&work, Key(name: "a", sequence: 1), "") == "a")
    _ = Self.use(&work, Key(name: "e", sequence: 1), "e")
    #expect(Self.use(&work, Key(name: "b", sequence: 1), "b again") == nil)
    for name in ["a", "e"] {
      #expect(Self.use(&work, Key(name: name, sequence: 1), "") == name)
    }
  }

  @Test("pages that claim a value being computed wait for it")
  func waiters() async {
    var work = SharedWork<Key, String>()
    let key = Key(name: "inbox", sequence: 1)
    guard case .compute = work.claim(key, identity: key.identity) else {
      Issue.record("the first claim computes")
      return
    }
    guard case .wait = work.claim(key, identity: key.identity) else {
      Issue.record("the second claim waits")
      return
    }
    let value = await withCheckedContinuation { continuation in
      work.wait(for: key, identity: key.identity, continuation)
      for waiter in work.finish(key, identity: key.identity, "one", capacity: 4) {
        waiter.resume(returning: "one")
      }
    }
    #expect(value == "one")
  }
}
