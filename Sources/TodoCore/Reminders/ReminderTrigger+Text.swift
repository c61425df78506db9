import Foundation

extension ReminderTrigger {
  /// Reads a reminder as people type it: `at the deadline`, `10 minutes before`, `1 hour
  /// before`, `2 days after` (minutes, hours, days, weeks; `min`, `h`, `d`, `w` too), or a
  /// moment, `2026-11-27 09:00` (`T` or a space), read in `zone`.
  ///
  /// - Throws: `TodoError.validation` on `reminder`, saying what it accepts.
  public init(reading text: String, in zone: TimeZone) throws {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    if ["at the deadline", "at deadline", "on time", "0"].contains(words.joined(separator: " ")) {
      self = .relative(seconds: 0)
      return
    }
    if let relative = Self.relative(words) {
      self = relative
      return
    }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let moment = try? Deadline(parsing: trimmed), moment.time != nil else {
      throw TodoError.validation(
        field: "reminder",
        message:
          "\"\(text.prefix(100))\" is not a reminder: write \"10 minutes before\", "
          + "\"1 day before\", \"at the deadline\" or a date and time (2026-11-27 09:00)")
    }
    self = .at(moment.moment(in: zone))
  }

  /// `N unit before|after`, with the number and the unit together or apart (`10min before`).
  private static func relative(_ words: [String]) -> ReminderTrigger? {
    var words = words
    guard words.count >= 2, let direction = words.popLast(),
      ["before", "after"].contains(direction)
    else { return nil }
    var joined = words.joined()
    let digits = joined.prefix { $0.isNumber }
    guard !digits.isEmpty, let amount = Int(digits), amount <= 100_000 else { return nil }
    joined.removeFirst(digits.count)
    let units: [String: Int] = [
      "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
      "h": 3_600, "hr": 3_600, "hrs": 3_600, "hour": 3_600, "hours": 3_600,
      "d": 86_400, "day": 86_400, "days": 86_400,
      "w": 604_800, "week": 604_800, "weeks": 604_800,
    ]
    guard let unit = units[joined] else { return nil }
    let seconds = amount * unit
    return .relative(seconds: direction == "before" ? -seconds : seconds)
  }

  /// The reminder as people read it: "10 minutes before", "At the deadline", or its moment
  /// as a deadline reads ("Tomorrow 09:00", "27 Nov 09:00").
  ///
  /// - Parameters:
  ///   - now: What "tomorrow" is measured from.
  ///   - calendar: The calendar whose zone the moment is read in.
  public func label(relativeTo now: Date, in calendar: Calendar) -> String {
    switch self {
    case .relative(0):
      return "At the deadline"
    case .relative(let seconds):
      return "\(Self.amount(abs(seconds))) \(seconds < 0 ? "before" : "after")"
    case .at(let date):
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      guard
        let deadline = try? Deadline(
          year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
          hour: parts.hour ?? 0, minute: parts.minute ?? 0)
      else { return "\(date)" }
      return deadline.label(relativeTo: now, in: calendar)
    }
  }

  /// A number of seconds in the largest unit that counts it whole: "2 days", "90 minutes".
  private static func amount(_ seconds: Int) -> String {
    for (unit, name) in [(604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute")]
    where seconds % unit == 0 {
      let count = seconds / unit
      return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
    return "\(seconds) second\(seconds == 1 ? "" : "s")"
  }
}
