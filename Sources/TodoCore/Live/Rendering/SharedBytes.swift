import Foundation
import Synchronization

/// Bytes that many pages send, encoded once, which a transport converts once for all of them.
///
/// A change to a list that a thousand pages show is one message body: the server encodes it
/// once and hands the same bytes to every page's socket, converted to the socket's buffer type
/// by the first page that sends it (``converted(_:)``), so a page costs no copy of it.
public final class SharedBytes: Sendable {
  /// The bytes.
  public let data: Data
  private let conversion = Mutex<(any Sendable)?>(nil)

  init(_ data: Data) {
    self.data = data
  }

  /// The bytes in another form, made by the first caller and kept for the others.
  ///
  /// - Parameter make: Converts the bytes; called once for each type asked for in turn.
  public func converted<Converted: Sendable>(_ make: (Data) -> Converted) -> Converted {
    conversion.withLock { kept in
      if let converted = kept as? Converted { return converted }
      let converted = make(data)
      kept = converted
      return converted
    }
  }
}
