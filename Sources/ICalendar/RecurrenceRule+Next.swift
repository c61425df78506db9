// MARK: - Occurrences

extension RecurrenceRule {
  /// Seconds east of UTC of a wall-clock time in a time zone, such as 3600 for
  /// `("Europe/Berlin", 2026-11-24, 09:00)`, or `nil` when the zone is unknown.
  ///
  /// This module has no time zone database; a caller that has one (Foundation's `TimeZone`)
  /// passes it so that a zoned start can be compared with a UTC `UNTIL` exactly. Without it,
  /// a zoned time is compared with a UTC one as if it were in UTC.
  public typealias UTCOffset =
    @Sendable (_ tzid: String, _ date: CalendarDate, _ time: TimeOfDay) -> Int?

  /// The first occurrence of the rule strictly after `previous`, or `nil` when there is none:
  /// what a repeating item moves to once the occurrence `previous` is over.
  ///
  /// The occurrences are `start` (which RFC 5545 always counts as the first, and from which
  /// `COUNT` counts) and then the dates the rule gives after it, each at the time of day and in
  /// the form (date, floating, UTC or zoned) of `start`, up to `COUNT` in all and none after
  /// `UNTIL`. A date the calendar lacks is skipped, not moved: a monthly rule from January 31
  /// gives March 31 next, and a yearly rule from February 29 gives the next leap day.
  ///
  /// ```swift
  /// let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY")
  /// let start = DateOrDateTime(parsing: "20260131")!
  /// rule.occurrence(after: start, start: start)?.text  // "20260331"
  /// ```
  ///
  /// Times are compared as written (wall-clock times), except that a zoned time is converted
  /// with `utcOffset` when compared with a UTC one (such as `UNTIL`); a DATE is compared with
  /// a date-time by its day.
  ///
  /// - Parameters:
  ///   - previous: An occurrence, or any date or date-time.
  ///   - start: The first occurrence: the `DTSTART` (or, for a todo without one, the `DUE`).
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  /// - Returns: The next occurrence in the form of `start`, or `nil` after the last one.
  /// - Complexity: O(p) in the number of periods (days, weeks, months or years of
  ///   `INTERVAL`) from `start` to the result. A rule that can give no more dates stops after
  ///   one 400-year Gregorian cycle of empty periods.
  public func occurrence(
    after previous: DateOrDateTime, start: DateOrDateTime, utcOffset: UTCOffset? = nil
  ) -> DateOrDateTime? {
    var found: DateOrDateTime?
    forEachOccurrence(from: start, utcOffset: utcOffset) { occurrence in
      guard Self.order(occurrence, previous, utcOffset) > 0 else { return true }
      found = occurrence
      return false
    }
    return found
  }

  /// The `DUE` of a repeating todo's next instance, in the form of `due`, or `nil` when the
  /// instance due at `due` is the last one.
  ///
  /// The instance `due` belongs to is the last occurrence not after it (or `start`); the next
  /// instance is due as much later as the next occurrence is after that one. With no
  /// `DTSTART`, or one equal to the `DUE`, this is ``occurrence(after:start:utcOffset:)``;
  /// with `DTSTART:…T090000` and `DUE:…T170000` on the same day, each instance stays due at
  /// 17:00. A `DUE` the person moved off the rule keeps its distance from the occurrence
  /// before it.
  ///
  /// ```swift
  /// let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3")
  /// let due = DateOrDateTime(parsing: "20261124T090000", tzid: "Europe/Paris")!
  /// rule.nextDue(after: due)?.description  // "TZID=Europe/Paris:20261201T090000"
  /// ```
  ///
  /// - Parameters:
  ///   - due: The current `DUE`.
  ///   - start: The `DTSTART`, from which the rule and its `COUNT` run; `nil` for `due`.
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  /// - Complexity: O(p) in the number of periods from `start` to the next instance.
  public func nextDue(
    after due: DateOrDateTime, start: DateOrDateTime? = nil, utcOffset: UTCOffset? = nil
  ) -> DateOrDateTime? {
    let start = start ?? due
    var current = start
    var next: DateOrDateTime?
    forEachOccurrence(from: start, utcOffset: utcOffset) { occurrence in
      if Self.order(occurrence, due, utcOffset) <= 0 {
        current = occurrence
        return true
      }
      // The start itself, when the due comes before it.
      if occurrence == current { return true }
      next = occurrence
      return false
    }
    guard let next else { return nil }
    return due.shifted(days: next.date.dayNumber - current.date.dayNumber)
  }

  /// Calls `body` with each occurrence in order, `start` first, until it returns `false` or
  /// the occurrences end (`COUNT`, `UNTIL`, the year 9999, or a cycle of empty periods).
  func forEachOccurrence(
    from start: DateOrDateTime, utcOffset: UTCOffset?, _ body: (DateOrDateTime) -> Bool
  ) {
    var emitted = 0
    /// Passes on one occurrence; `false` when there are to be no more.
    func emit(_ occurrence: DateOrDateTime) -> Bool {
      if let until, Self.order(occurrence, until, utcOffset) > 0 { return false }
      emitted += 1
      guard body(occurrence) else { return false }
      return count.map { emitted < $0 } ?? true
    }
    guard emit(start) else { return }
    let first = start.date
    var period = 0
    var emptyPeriods = 0
    while emptyPeriods < emptyPeriodLimit, let dates = dates(inPeriod: period, from: first) {
      period += 1
      emptyPeriods += 1
      for date in dates where date > first {
        emptyPeriods = 0
        guard emit(start.on(date)) else { return }
      }
    }
  }

  /// How many periods in a row may give no date before the rule is known to give none again:
  /// the periods of one 400-year Gregorian cycle, after which days, weekdays and months repeat.
  private var emptyPeriodLimit: Int {
    switch frequency {
    case .daily: 146_097
    case .weekly: 20_871
    case .monthly: 4_800
    case .yearly: 400
    }
  }

  /// The order of two values: negative, zero or positive.
  static func order(_ lhs: DateOrDateTime, _ rhs: DateOrDateTime, _ utcOffset: UTCOffset?) -> Int {
    guard lhs.time != nil, rhs.time != nil else {
      return lhs.date.dayNumber - rhs.date.dayNumber
    }
    let inUTC = lhs.form == .utc || rhs.form == .utc
    return seconds(lhs, inUTC: inUTC, utcOffset) - seconds(rhs, inUTC: inUTC, utcOffset)
  }

  /// A date-time as seconds since 1970 on its wall clock, or in UTC when asked and known.
  private static func seconds(_ value: DateOrDateTime, inUTC: Bool, _ utcOffset: UTCOffset?)
    -> Int
  {
    guard case .dateTime(let date, let time, let form) = value else {
      return value.date.dayNumber * 86_400
    }
    var seconds = date.dayNumber * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
    if inUTC, case .zoned(let tzid) = form, let offset = utcOffset?(tzid, date, time) {
      seconds -= offset
    }
    return seconds
  }
}

// MARK: - Dates of one period

extension RecurrenceRule {
  /// The dates the rule gives in period `period` (0 is the one holding `first`), in order, or
  /// `nil` when the period is past the year 9999.
  func dates(inPeriod period: Int, from first: CalendarDate) -> [CalendarDate]? {
    switch frequency {
    case .daily:
      guard let date = CalendarDate(dayNumber: first.dayNumber + period * interval) else {
        return nil
      }
      let month = DayRange(month: date.month, of: date.year)
      let passes =
        (byMonth.isEmpty || byMonth.contains(date.month))
        && (byMonthDay.isEmpty || resolved(byMonthDay, in: month).contains(date.dayNumber))
        && (byDay.isEmpty || byDay.contains { $0.weekday == date.weekday })
      return passes ? [date] : []
    case .weekly:
      let weekdays = byDay.isEmpty ? [first.weekday] : byDay.map(\.weekday)
      let back = (first.weekday.rawValue - weekStart.rawValue + 7) % 7
      let firstDay = first.dayNumber - back + 7 * interval * period
      guard CalendarDate(dayNumber: firstDay) != nil else { return nil }
      return (firstDay..<firstDay + 7).compactMap(CalendarDate.init(dayNumber:)).filter {
        weekdays.contains($0.weekday) && (byMonth.isEmpty || byMonth.contains($0.month))
      }
    case .monthly:
      let index = first.year * 12 + first.month - 1 + period * interval
      let (year, month) = (index / 12, index % 12 + 1)
      guard year <= 9_999 else { return nil }
      guard byMonth.isEmpty || byMonth.contains(month) else { return [] }
      return dates(inMonth: month, of: year, day: first.day, ordinalsBy: nil)
    case .yearly:
      let year = first.year + period * interval
      guard year <= 9_999 else { return nil }
      if byMonth.isEmpty && byMonthDay.isEmpty {
        guard byDay.isEmpty else { return expanded(byDay, in: DayRange(year: year)) }
        return CalendarDate(year: year, month: first.month, day: first.day).map { [$0] } ?? []
      }
      // BYMONTHDAY alone gives those days of every month; ordinals then count in the year.
      let months = byMonth.isEmpty ? Array(1...12) : Set(byMonth).sorted()
      let ordinals = byMonth.isEmpty ? DayRange(year: year) : nil
      return months.flatMap { dates(inMonth: $0, of: year, day: first.day, ordinalsBy: ordinals) }
    }
  }

  /// The dates of one month: its `BYMONTHDAY` days (limited by `BYDAY`), else its `BYDAY`
  /// days, else `day` if the month has it.
  ///
  /// - Parameter ordinals: Where `BYDAY` ordinals count when they limit `BYMONTHDAY` (the
  ///   year); `nil` for the month.
  private func dates(inMonth month: Int, of year: Int, day: Int, ordinalsBy ordinals: DayRange?)
    -> [CalendarDate]
  {
    let range = DayRange(month: month, of: year)
    if !byMonthDay.isEmpty {
      return resolved(byMonthDay, in: range).sorted().compactMap(CalendarDate.init(dayNumber:))
        .filter { date in byDay.isEmpty || matches(date, in: ordinals ?? range) }
    }
    if !byDay.isEmpty { return expanded(byDay, in: range) }
    return CalendarDate(year: year, month: month, day: day).map { [$0] } ?? []
  }

  /// The day numbers of the `BYMONTHDAY` days the month has (`-1` its last day).
  private func resolved(_ days: [Int], in month: DayRange) -> Set<Int> {
    let length = month.last - month.first + 1
    return Set(
      days.map { $0 > 0 ? $0 : length + $0 + 1 }.filter { (1...length).contains($0) }
        .map { month.first + $0 - 1 })
  }

  /// Every date of `range` that a `BYDAY` entry names (`MO` every Monday, `2MO` the second,
  /// `-1MO` the last), in order.
  private func expanded(_ days: [WeekdayNumber], in range: DayRange) -> [CalendarDate] {
    var numbers = Set<Int>()
    for entry in days {
      let wanted = entry.weekday.rawValue
      let firstOne = range.first + (wanted - Weekday(dayNumber: range.first).rawValue + 7) % 7
      let lastOne = range.last - (Weekday(dayNumber: range.last).rawValue - wanted + 7) % 7
      switch entry.ordinal {
      case nil:
        numbers.formUnion(stride(from: firstOne, through: range.last, by: 7))
      case let ordinal? where ordinal > 0:
        let number = firstOne + 7 * (ordinal - 1)
        if number <= range.last { numbers.insert(number) }
      case let ordinal?:
        let number = lastOne - 7 * (-ordinal - 1)
        if number >= range.first { numbers.insert(number) }
      }
    }
    return numbers.sorted().compactMap(CalendarDate.init(dayNumber:))
  }

  /// Whether a `BYDAY` entry names `date`, its ordinal counted in `range`.
  private func matches(_ date: CalendarDate, in range: DayRange) -> Bool {
    let number = date.dayNumber
    return byDay.contains { entry in
      guard entry.weekday == date.weekday else { return false }
      guard let ordinal = entry.ordinal else { return true }
      return ordinal > 0
        ? (number - range.first) / 7 + 1 == ordinal : (range.last - number) / 7 + 1 == -ordinal
    }
  }
}

/// The day numbers of a month or a year, first and last included.
private struct DayRange {
  let first: Int
  let last: Int

  init(month: Int, of year: Int) {
    first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
    last = first + CivilCalendar.daysInMonth(month, of: year) - 1
  }

  init(year: Int) {
    first = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
    last = CivilCalendar.dayNumber(year: year, month: 12, day: 31)
  }
}

// MARK: - Calendar arithmetic

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

  /// The value `days` days later (earlier when negative), or `nil` past the years 0 to 9999.
  func shifted(days: Int) -> DateOrDateTime? {
    CalendarDate(dayNumber: date.dayNumber + days).map(on)
  }
}
