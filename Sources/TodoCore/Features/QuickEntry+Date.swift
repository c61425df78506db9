import Foundation

extension QuickEntry {
  /// The date, and the time if it names one, that `phrase` names on its own, read as the
  /// new-todo field reads a date: `tomorrow`, `friday 9:00`, `in 3 days`, `12/1`, `noon`,
  /// `2026-12-01 18:00`. A time alone is today, or tomorrow once it has passed. This is what
  /// the command line's date options take besides `yyyy-MM-dd`: people write `--due tomorrow`
  /// as they write "Pay rent tomorrow".
  ///
  /// - Parameters:
  ///   - phrase: The words, in any case.
  ///   - now: The instant "today" and "tomorrow" are read from.
  ///   - calendar: Where the person is.
  /// - Returns: `nil` when the phrase is anything else: a repeat, other words, an impossible
  ///   date.
  public static func date(named phrase: String, now: Date, calendar: Calendar) -> Deadline? {
    let words = phrase.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    let today = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: now)
    var day: DateComponents?
    var time: (hour: Int, minute: Int)?
    var index = 0
    while index < words.count {
      let rest = Array(words[index...])
      if day == nil, let (found, count) = Self.day(rest, today: today, now: now, calendar: calendar)
      {
        day = found
        index += count
      } else if time == nil, let (found, count) = Self.time(rest) {
        time = found
        index += count
      } else {
        return nil
      }
    }
    guard day != nil || time != nil else { return nil }
    return deadline(day: day, time: time, today: today, now: now, calendar: calendar)
  }

  /// The deadline a day and a time name: a time alone is today, or tomorrow once it has
  /// passed; a day alone has no time.
  static func deadline(
    day: DateComponents?, time: (hour: Int, minute: Int)?, today: DateComponents, now: Date,
    calendar: Calendar
  ) -> Deadline? {
    let date: DateComponents
    if day == nil, let time, let hour = today.hour, let minute = today.minute,
      (time.hour, time.minute) <= (hour, minute)
    {
      date = shifted(now, days: 1, calendar: calendar)
    } else {
      date = day ?? DateComponents(year: today.year, month: today.month, day: today.day)
    }
    guard let year = date.year, let month = date.month, let dayOfMonth = date.day else {
      return nil
    }
    return try? Deadline(
      year: year, month: month, day: dayOfMonth, hour: time?.hour, minute: time?.minute)
  }
}
