import Foundation
import TodoCore

/// The JSON the server writes itself (problem bodies), as the generated API code writes its
/// bodies: ISO 8601 dates in UTC (``TimestampFormat``), unescaped slashes.
enum JSON {
  /// The encoder of problem bodies.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = TimestampFormat.strategy
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()
}
