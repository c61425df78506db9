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
    guard let fields = DigitFields.parse(text, widths: Self.widths) else { return nil }
    self.init(year: fields.0, month: fields.1, day: fields.2)
  }

  /// The widths of the year, the month and the day in the value text.
  private static let widths = (4, 2, 2)

  /// The DATE value text, `YYYYMMDD`.
  public var description: String {
    DigitFields.text((year, month, day), widths: Self.widths)
  }

  /// Whether `lhs` is an earlier day than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
