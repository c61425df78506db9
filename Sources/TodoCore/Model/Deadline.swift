import Foundation
import ICalendar

/// When a todo is due: a calendar date, optionally with a time of day, in local time.
///
/// A deadline is written `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm` (a space may replace the `T`, and
/// seconds are accepted and dropped). Its raw value is that normalised text, so deadlines sort
/// correctly as text and in SQL.
///
/// ```swift
/// let due = try Deadline(parsing: "2026-03-01")
/// due.displayText                 // "2026/03/01"
/// try Deadline(parsing: "2026-02-30")  // throws: no such day
/// ```
public struct Deadline: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  /// The year (1…9999).
  public let year: Int
  /// The month (1…12).
  public let month: Int
  /// The day of the month.
  public let day: Int
  /// The hour and minute, if the deadline has a time.
  public let time: (hour: Int, minute: Int)?

  /// Creates a deadline from its parts, checking that they name a real date and time.
  ///
  /// - Throws: `TodoError.validation` for a day, month, hour or minute out of range.
  public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil) throws {
    guard (1...9999).contains(year) else {
      throw Self.invalid("the year must be between 0001 and 9999, not \(year)")
    }
    guard (1...12).contains(month) else {
      throw Self.invalid(
        String(
          format: "%04d-%02d-%02d is not a date: there is no month %d", year, month, day, month))
    }
    guard (1...CivilCalendar.daysInMonth(month, of: year)).contains(day) else {
      throw Self.invalid(
        String(format: "%04d-%02d-%02d is not a day of the calendar", year, month, day))
    }
    if hour != nil || minute != nil {
      guard let hour, let minute, (0...23).contains(hour), (0...59).contains(minute) else {
        throw Self.invalid("the time must be HH:mm between 00:00 and 23:59")
      }
      time = (hour, minute)
    } else {
      time = nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads a date of another field (a start date) as ``init(parsing:)`` does; its errors
  /// name `field`.
  public init(parsing text: String, field: String) throws {
    do {
      try self.init(parsing: text)
    } catch TodoError.validation(_, let message) {
      throw TodoError.validation(field: field, message: message)
    }
  }

  /// Reads a deadline from user or API input.
  ///
  /// - Parameter text: `yyyy-MM-dd`, optionally followed by `T` or a space and `HH:mm[:ss]`.
  /// - Throws: `TodoError.validation` with a message saying what is wrong.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let parts = trimmed.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "T" || $0 == " " })
    let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    guard date.count == 3, date[0].count == 4, date[1].count == 2, date[2].count == 2,
      let year = Self.digits(date[0]), let month = Self.digits(date[1]),
      let day = Self.digits(date[2])
    else {
      throw Self.invalid("\"\(text)\" is not a date; write yyyy-MM-dd, optionally with HH:mm")
    }
    guard parts.count == 2 else {
      try self.init(year: year, month: month, day: day)
      return
    }
    let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
      let hour = Self.digits(clock[0]), let minute = Self.digits(clock[1]),
      clock.count == 2 || Self.digits(clock[2]).map({ $0 < 60 }) == true
    else {
      throw Self.invalid("\"\(text)\" has no valid time; write yyyy-MM-ddTHH:mm")
    }
    try self.init(year: year, month: month, day: day, hour: hour, minute: minute)
  }

  /// Reads a normalised raw value; `nil` if it is not one.
  public init?(rawValue: String) {
    // The canonical form only (`yyyy-MM-dd` or `yyyy-MM-ddTHH:mm`), read byte by byte: the
    // store and every list read go through here.
    var text = rawValue
    guard let fields = text.withUTF8(Self.canonicalFields),
      let value = try? Deadline(
        year: fields.year, month: fields.month, day: fields.day, hour: fields.hour,
        minute: fields.minute)
    else { return nil }
    self = value
  }

  /// The numbers of a canonical raw value, not yet checked against the calendar.
  private static func canonicalFields(_ bytes: UnsafeBufferPointer<UInt8>)
    -> (year: Int, month: Int, day: Int, hour: Int?, minute: Int?)?
  {
    guard bytes.count == 10 || bytes.count == 16 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
    else { return nil }
    guard bytes.count == 16 else { return (year, month, day, nil, nil) }
    guard bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      let hour = number(11..<13), let minute = number(14..<16)
    else { return nil }
    return (year, month, day, hour, minute)
  }

  /// The normalised text: `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm`.
  public var rawValue: String {
    withRawValueUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 bytes of ``rawValue``, written on the stack: what a JSON
  /// body needs, without a `String` made for it.
  ///
  /// The digits are written in place rather than joined from padded strings or formatted
  /// with `String(format:)`: the five strings and their joins cost 7% of a list read's CPU,
  /// and Foundation's formatting more than the rest of decoding a todo.
  public func withRawValueUTF8<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    var storage: (UInt64, UInt64) = (0, 0)  // 16 bytes: the longest raw value.
    return try withUnsafeMutableBytes(of: &storage) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      func put(_ value: Int, digits: Int, at offset: Int) {
        var value = value
        for index in (offset..<offset + digits).reversed() {
          bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
      }
      put(year, digits: 4, at: 0)
      bytes[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      bytes[7] = UInt8(ascii: "-")
      put(day, digits: 2, at: 8)
      guard let time else { return try body(UnsafeBufferPointer(rebasing: bytes[..<10])) }
      bytes[10] = UInt8(ascii: "T")
      put(time.hour, digits: 2, at: 11)
      bytes[13] = UInt8(ascii: ":")
      put(time.minute, digits: 2, at: 14)
      return try body(UnsafeBufferPointer(bytes))
    }
  }

  /// The deadline as people read it in a table: `yyyy/MM/dd`, then ` HH:mm` if it has a time.
  public var displayText: String {
    withRawValueUTF8 { bytes in
      String(
        decoding: bytes.lazy.map {
          $0 == UInt8(ascii: "-") ? UInt8(ascii: "/") : $0 == UInt8(ascii: "T") ? 0x20 : $0
        }, as: UTF8.self)
    }
  }

  public var description: String { rawValue }

  /// Whether the deadline has passed at `now`: a date-only deadline is overdue from the next
  /// day on; one with a time, from that minute on.
  ///
  /// - Parameters:
  ///   - now: The current instant.
  ///   - calendar: The calendar whose time zone says what day it is.
  public func isOverdue(at now: Date, in calendar: Calendar = .current) -> Bool {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
    let today = [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    let mine = [year, month, day]
    if mine != today { return mine.lexicographicallyPrecedes(today) }
    guard let time else { return false }
    return [time.hour, time.minute].lexicographicallyPrecedes([parts.hour ?? 0, parts.minute ?? 0])
  }

  /// The fields in the order of ``rawValue``'s text: a date without a time comes before the
  /// same date with one.
  private var sortKey: (Int, Int, Int, Int, Int) {
    (year, month, day, time == nil ? -1 : time!.hour, time?.minute ?? -1)
  }

  public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.sortKey < rhs.sortKey }

  public static func == (lhs: Deadline, rhs: Deadline) -> Bool { lhs.sortKey == rhs.sortKey }

  public func hash(into hasher: inout Hasher) {
    let key = sortKey
    hasher.combine(key.0)
    hasher.combine(key.1)
    hasher.combine(key.2)
    hasher.combine(key.3)
    hasher.combine(key.4)
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      try self.init(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  // MARK: - Helpers

  private static func digits(_ text: Substring) -> Int? {
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  private static func invalid(_ message: String) -> TodoError {
    .validation(field: "deadline", message: message)
  }
}
