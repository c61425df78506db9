import Hummingbird
import Synchronization

/// Encoded JSON bodies of read routes, valid while the store's change generation is the one
/// they were read at (``TodoCore/TodoService/changeGeneration``).
///
/// Writes through the server advance the generation before they answer, so a client always
/// reads its own writes; writes of other processes (the command line) are noticed within
/// the store's polling interval. At most ``capacity`` bodies are kept.
final class ResponseCache: Sendable {
  struct Entry: Sendable {
    var generation: UInt64
    var body: ByteBuffer
  }

  /// The most bodies kept; the cache starts over when full.
  let capacity: Int
  /// Whether the cache is used at all.
  let isEnabled: Bool
  private let entries = Mutex<[String: Entry]>([:])

  init(capacity: Int = 256, isEnabled: Bool = true) {
    self.capacity = capacity
    self.isEnabled = isEnabled
  }

  /// The body cached under `key` if it is still valid at `generation`.
  func body(for key: String, at generation: UInt64) -> ByteBuffer? {
    guard isEnabled else { return nil }
    return entries.withLock { entries in
      guard let entry = entries[key], entry.generation == generation else { return nil }
      return entry.body
    }
  }

  /// Remembers `body` as read at `generation` (read before the data was).
  func store(_ body: ByteBuffer, for key: String, at generation: UInt64) {
    guard isEnabled else { return }
    entries.withLock { entries in
      if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(generation: generation, body: body)
    }
  }
}
