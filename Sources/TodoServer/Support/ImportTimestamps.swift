import Foundation
import ICalendar

/// The timestamps of an import document, read strictly: `yyyy-MM-ddTHH:mm:ss` then `Z` or an
/// offset `±hh:mm` of at most 18 hours, a real date and time in the proleptic Gregorian
/// calendar (the one every timestamp the server writes is in, so a document round-trips).
///
/// Foundation's `.iso8601` strategy accepts minutes and seconds out of range (`12:99`) and
/// reads dates before 1582 in the Julian calendar, so an imported `0001-01-02` came back
/// exported as `0000-12-31`.
enum ImportTimestamps {
  /// `text` as an instant, or `nil` if it is not a timestamp in the years 0001…9999 (UTC).
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 25 else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...9999).contains(year), (1...12).contains(month),
      (1...CivilCalendar.daysInMonth(month, of: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var offset = 0
    if bytes.count == 20 {
      guard bytes[19] == UInt8(ascii: "Z") else { return nil }
    } else {
      guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"),
        bytes[22] == UInt8(ascii: ":"), let hours = number(20, 2), let minutes = number(23, 2),
        minutes < 60, hours * 60 + minutes <= 18 * 60
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (bytes[19] == UInt8(ascii: "+") ? 1 : -1)
    }
    let seconds =
      CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute
      * 60 + second - offset
    // Written back in UTC, the instant must stay within the years 0001…9999.
    guard seconds >= CivilCalendar.dayNumber(year: 1, month: 1, day: 1) * 86_400,
      seconds < CivilCalendar.dayNumber(year: 10_000, month: 1, day: 1) * 86_400
    else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
