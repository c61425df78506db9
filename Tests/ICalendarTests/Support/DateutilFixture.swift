import Foundation
import ICalendar
import Testing

/// One rule of `Fixtures/rrule-dateutil.json`: a rule, its start, and the occurrences after
/// the start that python-dateutil gives, read as RFC 5545 counts them
/// (`scripts/rrule-fixtures.py` says how).
struct DateutilCase: Sendable {
  let rule: String
  let start: String
  /// The occurrences after the start, as wall-clock seconds since 1970.
  let occurrences: [Int]
  /// Whether these are all the occurrences there are (else the rule goes on).
  let ends: Bool

  /// Every rule of the fixture file.
  static func all() throws -> [DateutilCase] {
    let url = try #require(
      Bundle.module.url(
        forResource: "rrule-dateutil", withExtension: "json", subdirectory: "Fixtures"))
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let rules = try #require((object as? [String: Any])?["rules"] as? [[Any]])
    return try rules.map { entry in
      guard entry.count == 5, let rule = entry[0] as? String, let start = entry[1] as? String,
        let unit = entry[2] as? Int, let gaps = entry[3] as? [Int], let ends = entry[4] as? Int,
        let first = DateOrDateTime(parsing: start)
      else { throw FixtureError(entry: "\(entry)") }
      var seconds = Self.seconds(first)
      let occurrences = gaps.map { gap in
        seconds += gap * unit
        return seconds
      }
      return DateutilCase(rule: rule, start: start, occurrences: occurrences, ends: ends == 1)
    }
  }

  /// A value as wall-clock seconds since 1970 (a DATE at midnight).
  static func seconds(_ value: DateOrDateTime) -> Int {
    let date = value.date
    let day = CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day)
    let time = value.time.map { $0.hour * 3_600 + $0.minute * 60 + $0.second } ?? 0
    return day * 86_400 + time
  }

  /// Wall-clock seconds since 1970 as `YYYYMMDDTHHMMSS`, for messages.
  static func text(_ seconds: Int) -> String {
    let day = Int((Double(seconds) / 86_400).rounded(.down))
    let date = CivilCalendar.date(dayNumber: day)
    let second = seconds - day * 86_400
    let fields = [date.year, date.month, date.day, second / 3_600, second / 60 % 60, second % 60]
    let digits = zip(fields, [4, 2, 2, 2, 2, 2]).map { value, width in
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return digits[0..<3].joined() + "T" + digits[3...].joined()
  }
}

/// An entry of the fixture file that is not `[rule, start, unit, gaps, ends]`.
struct FixtureError: Error {
  let entry: String
}
