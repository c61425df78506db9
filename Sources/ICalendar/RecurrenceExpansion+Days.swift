// MARK: - The days a rule gives

extension RecurrenceExpansion {
  /// The days of a month that every day-level part accepts, in order.
  func days(ofMonth month: Int, of year: Int) -> [Int] {
    guard months.isEmpty || months.contains(month) else { return [] }
    let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
    return (0..<CivilCalendar.daysInMonth(month, of: year)).compactMap { offset in
      matches(first + offset, year: year, month: month, day: offset + 1) ? first + offset : nil
    }
  }

  /// Whether every day-level part accepts the day with this number.
  func matches(_ dayNumber: Int) -> Bool {
    guard hasDayFilter else { return true }
    let date = CivilCalendar.date(dayNumber: dayNumber)
    return matches(dayNumber, year: date.year, month: date.month, day: date.day)
  }

  /// Whether every day-level part accepts a day, given with its date.
  ///
  /// Negative values count from the end: `BYMONTHDAY=-1` is the month's last day,
  /// `BYYEARDAY=-1` the year's, `BYWEEKNO=-1` its last week.
  func matches(_ dayNumber: Int, year: Int, month: Int, day: Int) -> Bool {
    if !months.isEmpty && !months.contains(month) { return false }
    if !monthDays.isEmpty {
      let length = CivilCalendar.daysInMonth(month, of: year)
      guard monthDays.contains(day) || monthDays.contains(day - length - 1) else { return false }
    }
    if !yearDays.isEmpty {
      let length = CivilCalendar.isLeapYear(year) ? 366 : 365
      let number = dayNumber - CivilCalendar.dayNumber(year: year, month: 1, day: 1) + 1
      guard yearDays.contains(number) || yearDays.contains(number - length - 1) else {
        return false
      }
    }
    if !weekNumbers.isEmpty && !inWeekNumbers(dayNumber, year: year) { return false }
    if !weekdays.isEmpty && !inWeekdays(dayNumber, year: year, month: month) { return false }
    return true
  }

  /// Whether a `BYDAY` entry names the day: its weekday, and for an ordinal (`2MO`, `-1FR`)
  /// its place among those weekdays of its month or year.
  private func inWeekdays(_ dayNumber: Int, year: Int, month: Int) -> Bool {
    let weekday = RecurrenceRule.Weekday(dayNumber: dayNumber)
    return weekdays.contains { entry in
      guard entry.weekday == weekday else { return false }
      guard let ordinal = entry.ordinal else { return true }
      let first: Int
      let last: Int
      if ordinalsInMonth {
        first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
        last = first + CivilCalendar.daysInMonth(month, of: year) - 1
      } else {
        first = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        last = CivilCalendar.dayNumber(year: year, month: 12, day: 31)
      }
      return ordinal > 0
        ? (dayNumber - first) / 7 + 1 == ordinal : (last - dayNumber) / 7 + 1 == -ordinal
    }
  }

  /// Whether the day lies in a week `BYWEEKNO` names.
  ///
  /// Weeks start on `WKST`; week 1 of a year is the first with at least four of its days,
  /// so the days of late December may be in week 1 of the next year, and those of early
  /// January in the last week of the year before (as ISO 8601 numbers weeks from Monday).
  private func inWeekNumbers(_ dayNumber: Int, year: Int) -> Bool {
    var weekYear = year
    var firstWeek = firstWeekStart(of: year)
    if dayNumber < firstWeek {
      weekYear -= 1
      firstWeek = firstWeekStart(of: weekYear)
    } else if dayNumber >= firstWeekStart(of: year + 1) {
      weekYear += 1
      firstWeek = firstWeekStart(of: weekYear)
    }
    let week = (dayNumber - firstWeek) / 7 + 1
    let weeks = (firstWeekStart(of: weekYear + 1) - firstWeek) / 7
    return weekNumbers.contains(week) || weekNumbers.contains(week - weeks - 1)
  }

  /// The first day of week 1 of `year`: the week holding January 4.
  private func firstWeekStart(of year: Int) -> Int {
    let fourth = CivilCalendar.dayNumber(year: year, month: 1, day: 4)
    return fourth - (RecurrenceRule.Weekday(dayNumber: fourth).rawValue - weekStart.rawValue + 7)
      % 7
  }
}
