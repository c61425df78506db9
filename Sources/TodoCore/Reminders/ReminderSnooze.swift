import Foundation

/// How long a ringing reminder is put off, as the notices offer it.
public enum ReminderSnooze: String, CaseIterable, Codable, Hashable, Sendable {
  /// Ten minutes.
  case tenMinutes
  /// An hour.
  case hour
  /// Tomorrow at 09:00, in the person's time zone.
  case tomorrow

  /// The words a notice's button shows.
  public var label: String {
    switch self {
    case .tenMinutes: "10 min"
    case .hour: "1 hour"
    case .tomorrow: "Tomorrow"
    }
  }

  /// When a reminder snoozed at `now` rings again, in `zone`.
  public func end(after now: Date, in zone: TimeZone) -> Date {
    switch self {
    case .tenMinutes:
      return now.addingTimeInterval(600)
    case .hour:
      return now.addingTimeInterval(3_600)
    case .tomorrow:
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let today = calendar.startOfDay(for: now)
      let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? now
      return calendar.date(bySettingHour: 9, minute: 0, second: 0, of: tomorrow)
        ?? now.addingTimeInterval(86_400)
    }
  }
}
