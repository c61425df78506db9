// MARK: - Day numbers, for rule arithmetic

extension RecurrenceRule.Weekday {
  /// The weekday of a day number (1970-01-01, day 0, was a Thursday).
  init(dayNumber: Int) {
    self = Self(rawValue: (CivilCalendar.weekday(dayNumber: dayNumber) + 6) % 7)!
  }
}

extension CalendarDate {
  /// The number of days from 1970-01-01 to this date (negative before it), in the proleptic
  /// Gregorian calendar.
  var dayNumber: Int {
    CivilCalendar.dayNumber(year: year, month: month, day: day)
  }

  /// The day of the week.
  var weekday: RecurrenceRule.Weekday {
    RecurrenceRule.Weekday(dayNumber: dayNumber)
  }

  /// The date `dayNumber` days after 1970-01-01, or `nil` outside the years 0 to 9999.
  init?(dayNumber: Int) {
    let date = CivilCalendar.date(dayNumber: dayNumber)
    self.init(year: date.year, month: date.month, day: date.day)
  }
}

extension DateOrDateTime {
  /// The same time of day, in the same form, on another day.
  func on(_ date: CalendarDate) -> DateOrDateTime {
    switch self {
    case .date: .date(date)
    case .dateTime(_, let time, let form): .dateTime(date, time, form)
    }
  }

  /// The same form on another day, at `time` (a DATE stays a DATE).
  func on(_ date: CalendarDate, at time: TimeOfDay) -> DateOrDateTime {
    switch self {
    case .date: .date(date)
    case .dateTime(_, _, let form): .dateTime(date, time, form)
    }
  }

  /// The value `days` days later (earlier when negative), or `nil` past the years 0 to 9999.
  public func shifted(days: Int) -> DateOrDateTime? {
    CalendarDate(dayNumber: date.dayNumber + days).map(on)
  }

  /// The value `seconds` later on its wall clock (whole days for a DATE), or `nil` past the
  /// years 0 to 9999.
  ///
  /// What a repeating item's other dates (its start, an alarm) move by when its due date
  /// moves to the next occurrence: the same wall-clock distance, whatever the time zone.
  public func shifted(seconds: Int) -> DateOrDateTime? {
    guard time != nil else { return shifted(days: seconds.floorDivided(by: 86_400)) }
    let instant = LocalInstant(seconds: LocalInstant(self).seconds + seconds)
    return CalendarDate(dayNumber: instant.day).map { on($0, at: instant.time) }
  }

  /// The wall-clock seconds from this value to `other` (a DATE counts from midnight),
  /// whatever their forms: the distance ``shifted(seconds:)`` moves by.
  public func wallClockSeconds(to other: DateOrDateTime) -> Int {
    LocalInstant(other).seconds - LocalInstant(self).seconds
  }
}
