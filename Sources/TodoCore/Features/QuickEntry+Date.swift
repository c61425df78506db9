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

extension Deadline {
  /// Reads a date a person typed: `yyyy-MM-dd`, optionally with `HH:mm`, or the words the
  /// new-todo field reads as a date (``QuickEntry/date(named:now:calendar:)``: `tomorrow`,
  /// `friday 9:00`, `in 3 days`).
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - field: The field its errors name (`deadline`, `start`).
  ///   - now: The instant "today" and "tomorrow" are read from.
  ///   - calendar: Where the person is.
  /// - Throws: `TodoError.invalidText` on `field` for a control character;
  ///   `TodoError.validation` on `field`, saying what is wrong: for a date written with
  ///   digits, what is wrong with it; for anything else, what may be written.
  public init(typed text: String, field: String, now: Date, calendar: Calendar) throws {
    // Refused before any reading: the errors below quote what was typed.
    try TodoValidation.checkCharacters(text, field: field)
    do {
      try self.init(parsing: text, field: field)
    } catch {
      if let named = QuickEntry.date(named: text, now: now, calendar: calendar) {
        self = named
        return
      }
      if !Self.mayBeWords(text) { throw error }
      throw TodoError.validation(
        field: field,
        message: "\"\(text)\" is not a date; write yyyy-MM-dd (optionally with HH:mm) "
          + "or words such as tomorrow, friday 9:00, in 3 days")
    }
  }

  /// Whether `text` may be a date in words, whose reading needs the clock: it is not empty
  /// and not a date written with digits (`2026-02-30`, which is only wrong).
  static func mayBeWords(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let first = trimmed.first else { return false }
    return !(first.isNumber && trimmed.contains("-"))
  }
}
