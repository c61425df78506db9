import Foundation

/// When a reminder fires: at a moment, or at a distance from its todo's deadline.
public enum ReminderTrigger: Hashable, Sendable {
  /// At this moment.
  case at(Date)
  /// This many seconds from the deadline: negative before it ("10 minutes before" is -600),
  /// positive after. A deadline without a time counts from the start of its day.
  case relative(seconds: Int)

  /// The most a reminder may be from its deadline, either way: a year.
  public static let maximumOffset = 366 * 86_400

  /// The moment it fires for a todo due at `deadline`, read in `zone` (or at `due`, the
  /// deadline's moment when a calendar client gave it in UTC or in a zone of its own): `nil`
  /// for a reminder relative to the deadline of a todo that has none.
  public func moment(deadline: Deadline?, in zone: TimeZone, due: Date? = nil) -> Date? {
    switch self {
    case .at(let date):
      return date
    case .relative(let seconds):
      guard let moment = due ?? deadline?.moment(in: zone) else { return nil }
      return moment.addingTimeInterval(TimeInterval(seconds))
    }
  }
}

extension Deadline {
  /// The moment the deadline is, read in `zone`: its wall-clock time there, or the start of
  /// its day for a deadline without a time.
  public func moment(in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = DateComponents(
      year: year, month: month, day: day, hour: time?.hour ?? 0, minute: time?.minute ?? 0)
    return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
  }
}

extension Reminder {
  /// The reminder with ``fireAt`` (and its ringing) as `todo` in its state now implies:
  ///
  /// - a todo that is done, in the trash or gone fires nothing and stops ringing;
  /// - a new occurrence (a deadline moved, a repeating todo moved on) drops a snooze and the
  ///   ringing of the one before, and fires at its own moment;
  /// - otherwise it fires when its snooze ends, or at its moment unless it fired for it.
  ///
  /// - Parameters:
  ///   - todo: Its todo as it is now, or `nil` if it is gone.
  ///   - zone: The person's time zone, which a deadline's wall-clock time is read in.
  ///   - due: The deadline's moment when a calendar client gave it in UTC or in a zone
  ///     (``TodoService/calendarDue(of:in:)``): a client's alarm and this reminder then ring
  ///     at the same moment.
  public func armed(for todo: Todo?, in zone: TimeZone, due: Date? = nil) -> Reminder {
    var armed = self
    guard let todo, !todo.isTrashed, todo.status != .done,
      let moment = trigger.moment(deadline: todo.deadline, in: zone, due: due)
    else {
      armed.fireAt = nil
      armed.snoozedUntil = nil
      armed.ringingSince = nil
      armed.late = nil
      return armed
    }
    if let firedFor, firedFor != moment {
      // Another occurrence: what rang for the last one is over.
      armed.firedFor = nil
      armed.snoozedUntil = nil
      armed.ringingSince = nil
      armed.late = nil
    }
    armed.fireAt = armed.snoozedUntil ?? (armed.firedFor == moment ? nil : moment)
    return armed
  }
}
