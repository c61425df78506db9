import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes timestamps as ISO 8601 in UTC (`2026-03-01T09:30:00Z`), the format of every date the
/// API sends.
///
/// Foundation's `.iso8601` strategy builds a formatter per date, which dominated the cost of
/// encoding a list of todos on Linux; this one formats the fields directly.
enum TimestampFormat {
  /// `date` as `yyyy-MM-ddTHH:mm:ssZ` (seconds precision, as `.iso8601` writes).
  static func string(_ date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    append(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``string(_:)``'s text to `bytes`, for the JSON bodies written directly.
  static func append(_ date: Date, to bytes: inout [UInt8]) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int32, _ width: Int) {
      var divisor: Int32 = 1
      for _ in 1..<width { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
        rest %= divisor
        divisor /= 10
      }
    }
    digits(parts.tm_year + 1900, 4)
    bytes.append(UInt8(ascii: "-"))
    digits(parts.tm_mon + 1, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(parts.tm_mday, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(parts.tm_hour, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(parts.tm_min, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(parts.tm_sec, 2)
    bytes.append(UInt8(ascii: "Z"))
  }

  /// The encoding strategy that writes ``string(_:)``.
  static var strategy: JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(string(date))
    }
  }
}
