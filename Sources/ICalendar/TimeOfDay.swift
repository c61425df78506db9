/// A time of day, as in the time part of a DATE-TIME value such as `20261124T093000`.
///
/// The second may be 60, for a leap second.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The hour, 0 to 23.
  public let hour: Int
  /// The minute, 0 to 59.
  public let minute: Int
  /// The second, 0 to 60.
  public let second: Int

  /// Creates a time of day, or `nil` when a field is out of range.
  ///
  /// - Parameters:
  ///   - hour: The hour, 0 to 23.
  ///   - minute: The minute, 0 to 59.
  ///   - second: The second, 0 to 60.
  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Reads the six digits `HHMMSS` of a DATE-TIME value.
  ///
  /// - Parameter text: The time text, such as `"093000"`.
  public init?(parsing text: some StringProtocol) {
    guard let fields = DigitFields.parse(text, widths: Self.widths) else { return nil }
    self.init(hour: fields.0, minute: fields.1, second: fields.2)
  }

  /// The widths of the hour, the minute and the second in the time text.
  private static let widths = (2, 2, 2)

  /// The time text, `HHMMSS`.
  public var description: String {
    DigitFields.text((hour, minute, second), widths: Self.widths)
  }

  /// Whether `lhs` is an earlier time than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second)
  }
}
