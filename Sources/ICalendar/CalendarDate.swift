/// A day of the Gregorian calendar, as in a DATE value such as `20261124`.
///
/// ```swift
/// let day = CalendarDate(year: 2026, month: 11, day: 24)!
/// day.description                       // "20261124"
/// CalendarDate(parsing: "20260230")     // nil: February has no 30th
/// ```
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, 0 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Creates a date, or `nil` when the day does not exist.
  ///
  /// - Parameters:
  ///   - year: The year, 0 to 9999.
  ///   - month: The month, 1 to 12.
  ///   - day: The day of the month.
  public init?(year: Int, month: Int, day: Int) {
    guard (0...9999).contains(year), (1...12).contains(month),
      (1...CivilCalendar.daysInMonth(month, of: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads a DATE value: exactly eight digits, `YYYYMMDD`.
  ///
  /// - Parameter text: The value text, such as `"20261124"`.
  public init?(parsing text: some StringProtocol) {
    let digits = Array(text.utf8)
    guard digits.count == 8, let year = Digits.number(digits[0..<4]),
      let month = Digits.number(digits[4..<6]), let day = Digits.number(digits[6..<8])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The DATE value text, `YYYYMMDD`.
  public var description: String {
    Digits.padded(year, 4) + Digits.padded(month, 2) + Digits.padded(day, 2)
  }

  /// Whether `lhs` is an earlier day than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

}

/// Fixed-width decimal numbers in date and time values.
enum Digits {
  /// The number written by `digits`, or `nil` unless every byte is an ASCII digit.
  static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var number = 0
    for digit in digits {
      guard digit >= 0x30 && digit <= 0x39 else { return nil }
      number = number * 10 + Int(digit - 0x30)
    }
    return number
  }

  /// `number` in decimal, with leading zeros up to `width` digits.
  static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
