import Foundation
import ICalendar

// MARK: - Dates of a repeat

extension QuickEntry {
  /// The months' names, full and short, numbered 1 to 12.
  static let months: [String: Int] = [
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
  ]

  /// A month and day at the start of `words` (`jan 15`, `january 15th`, `15 jan`,
  /// `15th of january`), optionally followed by a year (`1 mar 2027`), and how many words
  /// name it. The day must be one the month can have (29 February included).
  ///
  /// Month names are read only beside a repeat (`every jan 15`, `until dec 1`): alone, `may 5`
  /// is more often part of a title than a date.
  static func monthDay(
    _ words: [String], readingYear: Bool = true
  ) -> (month: Int, day: Int, year: Int?, count: Int)? {
    func dayNumber(_ word: String) -> Int? { Int(word) ?? numberedDay(word) }
    var month: Int
    var day: Int
    var count: Int
    if words.count >= 2, let named = months[words[0]], let number = dayNumber(words[1]) {
      (month, day, count) = (named, number, 2)
    } else if words.count >= 2, let number = dayNumber(words[0]) {
      let skip = words[1] == "of" ? 1 : 0
      guard words.count >= 2 + skip, let named = months[words[1 + skip]] else { return nil }
      (month, day, count) = (named, number, 2 + skip)
    } else {
      return nil
    }
    var year: Int?
    if readingYear, count < words.count, words[count].count == 4, let number = Int(words[count]),
      (1...9999).contains(number)
    {
      year = number
      count += 1
    }
    guard (1...CivilCalendar.daysInMonth(month, of: year ?? 2000)).contains(day) else {
      return nil
    }
    return (month, day, year, count)
  }

  /// The date at the start of `words` that a repeat's `until`, `starting` or `from` names: a
  /// month and day (this year, or next year once it has passed, unless a year is written) or
  /// any day ``day(_:today:now:calendar:)`` reads.
  static func date(
    _ words: [String], today: DateComponents, now: Date, calendar: Calendar
  ) -> (DateComponents, Int)? {
    if let found = monthDay(words), let year = today.year, let month = today.month,
      let day = today.day
    {
      let passed = (found.month, found.day) < (month, day)
      let date = DateComponents(
        year: found.year ?? (passed ? year + 1 : year), month: found.month, day: found.day)
      guard let check = date.year, (1...9999).contains(check),
        found.day <= CivilCalendar.daysInMonth(found.month, of: check)
      else { return nil }
      return (date, found.count)
    }
    return day(words, today: today, now: now, calendar: calendar)
  }

  /// The first occurrence of `rule` (its date, and the time of day it is due at): the first
  /// day the rule gives on or after `day`, or when the text named no day, on or after today,
  /// or tomorrow once `time` has passed today. An hourly rule with no time named starts at
  /// the next hour.
  ///
  /// RFC 5545 counts the start as an occurrence whatever it is; a todo typed as "every
  /// monday" on a Wednesday must instead be due on a Monday, so the days are tried in turn.
  ///
  /// - Complexity: O(d) in the d days to the first occurrence (at most eight years, for a
  ///   29 February).
  static func firstOccurrence(
    of rule: RecurrenceRule, day: DateComponents?, time: (hour: Int, minute: Int)?,
    today: DateComponents
  ) -> (DateComponents, (hour: Int, minute: Int)?)? {
    let start = day ?? today
    guard let year = start.year, let month = start.month,
      let dayOfMonth = start.day
    else { return nil }
    var from = CivilCalendar.dayNumber(year: year, month: month, day: dayOfMonth)
    var time = time
    if day == nil, let hour = today.hour, let minute = today.minute {
      if rule.frequency.rawValue == "HOURLY", time == nil {
        time = (hour == 23 ? 0 : hour + 1, 0)
        if hour == 23 { from += 1 }
      } else if let time, (time.hour, time.minute) <= (hour, minute) {
        from += 1
      }
    }
    for number in from..<(from + 8 * 366) where matches(rule, dayNumber: number) {
      let date = CivilCalendar.date(dayNumber: number)
      return (DateComponents(year: date.year, month: date.month, day: date.day), time)
    }
    return nil
  }

  /// Whether the day `dayNumber` is one that `rule`'s `BYMONTH`, `BYMONTHDAY` and `BYDAY`
  /// allow (any day when it has none).
  static func matches(_ rule: RecurrenceRule, dayNumber: Int) -> Bool {
    let (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
    if !rule.byMonth.isEmpty, !rule.byMonth.contains(month) { return false }
    let length = CivilCalendar.daysInMonth(month, of: year)
    if !rule.byMonthDay.isEmpty,
      !rule.byMonthDay.contains(where: { $0 == day || $0 == day - length - 1 })
    {
      return false
    }
    guard !rule.byDay.isEmpty else { return true }
    // CivilCalendar counts from Sunday, RecurrenceRule.Weekday from Monday.
    let weekday = (CivilCalendar.weekday(dayNumber: dayNumber) + 6) % 7
    // Ordinals count within the month, except in a yearly rule without BYMONTH.
    let inYear = rule.frequency.rawValue == "YEARLY" && rule.byMonth.isEmpty
    let first = inYear ? CivilCalendar.dayNumber(year: year, month: 1, day: 1) : dayNumber - day + 1
    let last =
      inYear
      ? CivilCalendar.dayNumber(year: year, month: 12, day: 31) : first + length - 1
    return rule.byDay.contains { entry in
      guard entry.weekday.rawValue == weekday else { return false }
      guard let ordinal = entry.ordinal else { return true }
      return ordinal > 0
        ? (dayNumber - first) / 7 + 1 == ordinal : (last - dayNumber) / 7 + 1 == -ordinal
    }
  }
}
