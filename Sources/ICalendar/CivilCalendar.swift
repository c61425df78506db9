/// Day arithmetic in the proleptic Gregorian calendar, for every module that turns dates into
/// day numbers and back.
///
/// A day number counts days from 1970-01-01 (negative before it). The conversions are Howard
/// Hinnant's `days_from_civil` and `civil_from_days`: exact for every year an `Int` can hold,
/// with no table and no Foundation calendar, so a date written by the server reads back as the
/// same date whatever the locale or the era.
///
/// ```swift
/// CivilCalendar.dayNumber(year: 1970, month: 1, day: 1)      // 0
/// CivilCalendar.date(dayNumber: 20_781)                       // (2026, 11, 24)
/// CivilCalendar.weekday(dayNumber: 0)                         // 4: a Thursday
/// CivilCalendar.daysInMonth(2, of: 2000)                      // 29
/// ```
public enum CivilCalendar {
  /// Whether `year` has a 29 February.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1…12) of `year`.
  public static func daysInMonth(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The day number of a date whose month is 1…12 and whose day is in that month.
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day number.
  public static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = dayNumber + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day of the week of a day number: 0 for Sunday to 6 for Saturday.
  public static func weekday(dayNumber: Int) -> Int {
    let weekday = (dayNumber + 4) % 7
    return weekday < 0 ? weekday + 7 : weekday
  }
}
