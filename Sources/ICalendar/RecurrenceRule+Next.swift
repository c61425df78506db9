// MARK: - The next occurrence

extension RecurrenceRule {
  /// Seconds east of UTC of a wall-clock time in a time zone, such as 3600 for
  /// `("Europe/Berlin", 2026-11-24, 09:00)`, or `nil` when the zone is unknown.
  ///
  /// This module has no time zone database; a caller that has one (Foundation's `TimeZone`)
  /// passes it so that a zoned occurrence can be compared with a UTC `UNTIL` or exception
  /// exactly. Without it, a zoned time is compared with a UTC one as if it were in UTC.
  ///
  /// For a time the zone's clocks skip (02:30 when they go from 02:00 to 03:00), return the
  /// offset before the change, so that the time is read as the same time after the gap
  /// (03:30): RFC 5545 reads a DATE-TIME that does not exist that way, and an occurrence the
  /// rule computes at such a time is kept and read the same way. For a time that occurs
  /// twice, return the offset of its first occurrence.
  public typealias UTCOffset =
    @Sendable (_ tzid: String, _ date: CalendarDate, _ time: TimeOfDay) -> Int?

  /// The first occurrence of the rule strictly after `previous`, or `nil` when there is none:
  /// what a repeating item moves to once the occurrence `previous` is over.
  ///
  /// The occurrences are those of ``occurrences(from:exceptions:utcOffset:)``: `start`
  /// first, counted by `COUNT`, then the dates and times the rule gives, none after `UNTIL`,
  /// without the `exceptions`.
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
  ///   - exceptions: Occurrences to leave out (`EXDATE`).
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  /// - Returns: The next occurrence in the form of `start`, or `nil` after the last one.
  /// - Complexity: O(p) in the number of periods (`INTERVAL` years, months, weeks, days…)
  ///   from `previous` to the result, or from `start` when the rule has a `COUNT`. A rule
  ///   that can give no more dates stops after one 400-year Gregorian cycle of empty periods.
  public func occurrence(
    after previous: DateOrDateTime, start: DateOrDateTime,
    exceptions: Set<DateOrDateTime> = [], utcOffset: UTCOffset? = nil
  ) -> DateOrDateTime? {
    occurrences(from: start, notBefore: previous, exceptions: exceptions, utcOffset: utcOffset)
      .first { Self.order($0, previous, utcOffset) > 0 }
  }

  /// The `DUE` of a repeating todo's next instance, in the form of `due`, or `nil` when the
  /// instance due at `due` is the last one.
  ///
  /// The instance `due` belongs to is the last occurrence not after it (or `start`); the next
  /// instance is due as much later as the next occurrence is after that one. With no
  /// `DTSTART`, or one equal to the `DUE`, this is
  /// ``occurrence(after:start:exceptions:utcOffset:)``; with `DTSTART:…T090000` and
  /// `DUE:…T170000` on the same day, each instance of a daily rule stays due at 17:00. A
  /// `DUE` the person moved off the rule keeps its distance from the occurrence before it.
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
  ///   - exceptions: Occurrences to leave out (`EXDATE`).
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  /// - Complexity: O(p) in the number of periods from `start` to the next instance.
  public func nextDue(
    after due: DateOrDateTime, start: DateOrDateTime? = nil,
    exceptions: Set<DateOrDateTime> = [], utcOffset: UTCOffset? = nil
  ) -> DateOrDateTime? {
    let start = start ?? due
    var current = start
    var next: DateOrDateTime?
    for occurrence in occurrences(from: start, exceptions: exceptions, utcOffset: utcOffset) {
      if Self.order(occurrence, due, utcOffset) <= 0 {
        current = occurrence
        continue
      }
      // The start itself, when the due comes before it.
      if occurrence == current { continue }
      next = occurrence
      break
    }
    guard let next else { return nil }
    guard due.time != nil else {
      return due.shifted(days: next.date.dayNumber - current.date.dayNumber)
    }
    return due.shifted(seconds: LocalInstant(next).seconds - LocalInstant(current).seconds)
  }

  /// Whether `lhs` comes before `rhs` as occurrences are compared: wall-clock times as
  /// written, a zoned time converted with `utcOffset` when compared with a UTC one, a DATE
  /// by its day.
  public static func precedes(
    _ lhs: DateOrDateTime, _ rhs: DateOrDateTime, utcOffset: UTCOffset? = nil
  ) -> Bool {
    order(lhs, rhs, utcOffset) < 0
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
    var seconds = LocalInstant(value).seconds
    if inUTC, case .zoned(let tzid) = form, let offset = utcOffset?(tzid, date, time) {
      seconds -= offset
    }
    return seconds
  }
}
