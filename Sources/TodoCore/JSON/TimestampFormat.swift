import Foundation
import ICalendar

/// Writes timestamps as ISO 8601 in UTC (`2026-03-01T09:30:00Z`), the format of every date the
/// API sends.
///
/// Foundation's `.iso8601` strategy builds a formatter per date, which dominated the cost of
/// encoding a list of todos on Linux; this one computes the civil date from the day number
/// (Howard Hinnant's `civil_from_days`), with no call into the C library, whose `gmtime_r`
/// takes a process-wide lock.
package enum TimestampFormat {
  /// The most bytes ``write(_:to:)`` writes (a year of up to 12 digits with its sign).
  package static let maximumLength = 32

  /// `date` as `yyyy-MM-ddTHH:mm:ssZ` (seconds precision, as `.iso8601` writes).
  package static func string(_ date: Date) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      let length = write(date, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
    }
  }

  /// Writes ``string(_:)``'s text at `target`, which has room for ``maximumLength`` bytes,
  /// and returns how many bytes it wrote.
  package static func write(_ date: Date, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let interval = date.timeIntervalSince1970.rounded(.down)
    // Beyond what a 64-bit second count holds, the nearest representable second.
    let seconds =
      interval >= 9.2e18 ? Int64.max : interval <= -9.2e18 ? Int64.min : Int64(interval)
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let civil = CivilCalendar.date(dayNumber: Int(days))
    let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))

    var at = 0
    func put(_ byte: UInt8) {
      target[at] = byte
      at += 1
    }
    func two(_ value: Int64) {
      put(UInt8(ascii: "0") + UInt8(value / 10))
      put(UInt8(ascii: "0") + UInt8(value % 10))
    }
    if (0...9_999).contains(year) {
      two(year / 100)
      two(year % 100)
    } else {
      // Outside four digits, ISO 8601's expanded form: a sign and at least four digits.
      let digits = String(year.magnitude)
      put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      for _ in digits.utf8.count..<max(4, digits.utf8.count) { put(UInt8(ascii: "0")) }
      for byte in digits.utf8 { put(byte) }
    }
    put(UInt8(ascii: "-"))
    two(month)
    put(UInt8(ascii: "-"))
    two(day)
    put(UInt8(ascii: "T"))
    two(secondOfDay / 3_600)
    put(UInt8(ascii: ":"))
    two(secondOfDay / 60 % 60)
    put(UInt8(ascii: ":"))
    two(secondOfDay % 60)
    put(UInt8(ascii: "Z"))
    return at
  }

  /// The encoding strategy that writes ``string(_:)``.
  package static var strategy: JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(string(date))
    }
  }
}
