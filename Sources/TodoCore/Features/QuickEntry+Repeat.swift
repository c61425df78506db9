import Foundation
import ICalendar

// MARK: - Reading a repeat

extension QuickEntry {
  /// A repeat as it is being read: the parts of its rule, written as RFC 5545 text once read.
  struct RepeatPhrase: Equatable {
    /// `FREQ`, such as `WEEKLY`.
    var frequency: String
    var interval = 1
    var byMonth: Int?
    var byMonthDay: Int?
    /// `BYDAY` entries as written, such as `MO` or `-1FR`.
    var byDay: [String] = []
    var count: Int?
    var until: DateComponents?
    var mode = Recurrence.Mode.schedule

    /// The rule, parts in a fixed order so that the same words always give the same text.
    var ruleText: String {
      var parts = ["FREQ=" + frequency]
      if interval > 1 { parts.append("INTERVAL=\(interval)") }
      if let byMonth { parts.append("BYMONTH=\(byMonth)") }
      if let byMonthDay { parts.append("BYMONTHDAY=\(byMonthDay)") }
      if !byDay.isEmpty { parts.append("BYDAY=" + byDay.joined(separator: ",")) }
      if let count { parts.append("COUNT=\(count)") }
      if let until, let year = until.year, let month = until.month, let day = until.day {
        parts.append(String(format: "UNTIL=%04d%02d%02d", year, month, day))
      }
      return parts.joined(separator: ";")
    }

    /// The repeat, or `nil` when `RecurrenceRule` refuses the rule (`FREQ=HOURLY` before it
    /// evaluates hourly rules): words it cannot keep stay in the title.
    var recurrence: Recurrence? { try? Recurrence(rule: ruleText, mode: mode) }
  }

  /// The repeat the words at the start of `words` name (`every monday`, `daily`,
  /// `every! 3 days`), and how many words name it.
  static func repeatPhrase(_ words: [String]) -> (RepeatPhrase, Int)? {
    let words = words.map(bare)
    guard let first = words.first else { return nil }
    var found: (phrase: RepeatPhrase, count: Int)?
    if let frequency = adverbs[first] {
      found = (RepeatPhrase(frequency: frequency), 1)
    } else if first == "every" || first == "every!",
      let (phrase, count) = repeatAfterEvery(Array(words.dropFirst()))
    {
      found = (phrase, count + 1)
      if first == "every!" { found?.phrase.mode = .afterCompletion }
    }
    guard let found, found.phrase.recurrence != nil else { return nil }
    return found
  }

  /// Reads, at the start of `words`, what may follow a repeat anywhere after it: `after done`,
  /// `after completion`, `until <date>`, `10 times`, `for 10 times`, `starting <date>`,
  /// `from <date>` (which sets `day`). Returns how many words it read, or `nil` (and changes
  /// nothing) when they say none of these or would make the rule invalid.
  static func repeatModifier(
    _ words: [String], phrase: inout RepeatPhrase, day: inout DateComponents?,
    today: DateComponents, now: Date, calendar: Calendar
  ) -> Int? {
    let words = words.map(bare)
    guard let first = words.first else { return nil }
    let rest = Array(words.dropFirst())
    var changed = phrase
    let count: Int
    switch first {
    case "after":
      guard phrase.mode == .schedule, let next = rest.first,
        ["done", "completion", "completed"].contains(next)
      else { return nil }
      changed.mode = .afterCompletion
      count = 2
    case "until":
      guard phrase.until == nil,
        let (date, read) = self.date(rest, today: today, now: now, calendar: calendar)
      else { return nil }
      changed.until = date
      count = 1 + read
    case "for":
      guard phrase.count == nil, let (times, read) = timesCount(rest) else { return nil }
      changed.count = times
      count = 1 + read
    case "starting", "from":
      let skip = rest.first == "on" ? 1 : 0
      guard day == nil,
        let (date, read) = self.date(
          Array(rest.dropFirst(skip)), today: today, now: now, calendar: calendar)
      else { return nil }
      day = date
      return 1 + skip + read
    default:
      guard phrase.count == nil, let (times, read) = timesCount(words) else { return nil }
      changed.count = times
      count = read
    }
    guard changed.recurrence != nil else { return nil }
    phrase = changed
    return count
  }

  /// The words that name a frequency alone.
  static let adverbs = [
    "hourly": "HOURLY", "daily": "DAILY", "weekly": "WEEKLY", "monthly": "MONTHLY",
    "yearly": "YEARLY", "annually": "YEARLY",
  ]

  /// The frequencies a unit names, singular or plural.
  static let units = [
    "hour": "HOURLY", "hours": "HOURLY", "day": "DAILY", "days": "DAILY", "week": "WEEKLY",
    "weeks": "WEEKLY", "month": "MONTHLY", "months": "MONTHLY", "year": "YEARLY",
    "years": "YEARLY",
  ]

  /// A word without the comma that follows it in a list ("monday, wednesday").
  static func bare(_ word: String) -> String {
    word.hasSuffix(",") ? String(word.dropLast()) : word
  }

  /// What follows `every`: a unit with its interval and details, weekdays, or a day of the
  /// month or year.
  private static func repeatAfterEvery(_ words: [String]) -> (RepeatPhrase, Int)? {
    guard let first = words.first else { return nil }
    var interval = 1
    var index = 0
    if first == "other" {
      (interval, index) = (2, 1)
    } else if let number = Int(first), (1...999).contains(number), words.count > 1,
      units[words[1]] != nil
    {
      (interval, index) = (number, 1)
    }
    guard index < words.count else { return nil }
    let word = words[index]
    if let frequency = units[word] {
      var phrase = RepeatPhrase(frequency: frequency, interval: interval)
      index += 1
      if index < words.count, words[index] == "on",
        let read = readDetail(Array(words[(index + 1)...]), into: &phrase)
      {
        index += 1 + read
      }
      return (phrase, index)
    }
    if let (days, read) = weekdayList(Array(words[index...])) {
      return (RepeatPhrase(frequency: "WEEKLY", interval: interval, byDay: days), index + read)
    }
    guard index == 0 else { return nil }
    switch word {
    case "weekday", "workday":
      return (RepeatPhrase(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]), 1)
    case "weekend":
      return (RepeatPhrase(frequency: "WEEKLY", byDay: ["SA", "SU"]), 1)
    default:
      for frequency in ["MONTHLY", "YEARLY"] {
        var phrase = RepeatPhrase(frequency: frequency)
        if let read = readDetail(words, into: &phrase) { return (phrase, read) }
      }
      return nil
    }
  }

  /// Reads the details of `phrase`'s frequency at the start of `words`: weekdays for a
  /// weekly repeat; `the 15th`, `the last day`, `the first monday` for a monthly one;
  /// `15 january` for a yearly one. Returns how many words it read.
  private static func readDetail(_ words: [String], into phrase: inout RepeatPhrase) -> Int? {
    switch phrase.frequency {
    case "WEEKLY":
      guard let (days, read) = weekdayList(words) else { return nil }
      phrase.byDay = days
      return read
    case "MONTHLY":
      let skip = words.first == "the" ? 1 : 0
      let words = Array(words.dropFirst(skip))
      guard words.count >= 1 else { return nil }
      if words.count >= 2, let ordinal = ordinal(words[0]),
        let weekday = weekdays[words[1]]
      {
        phrase.byDay = ["\(ordinal)" + code(weekday)]
        return skip + 2
      }
      if words.count >= 2, words[0] == "last", words[1] == "day" {
        phrase.byMonthDay = -1
        return skip + 2
      }
      guard let day = numberedDay(words[0]) else { return nil }
      phrase.byMonthDay = day
      return skip + 1
    case "YEARLY":
      // No year: "every year on 15 january, 2027 times" names a count, not a year.
      guard let (month, day, _, read) = monthDay(words, readingYear: false) else { return nil }
      (phrase.byMonth, phrase.byMonthDay) = (month, day)
      return read
    default:
      return nil
    }
  }

  /// Weekdays such as `monday`, `mon and thu`, `monday, wednesday and friday`, as `BYDAY`
  /// codes in the order written (each once), and how many words name them.
  private static func weekdayList(_ words: [String]) -> ([String], Int)? {
    var days: [String] = []
    var index = 0
    while index < words.count, let weekday = weekdays[words[index]] {
      if !days.contains(code(weekday)) { days.append(code(weekday)) }
      index += 1
      guard index + 1 < words.count, weekdays[words[index + 1]] != nil,
        ["and", "&"].contains(words[index])
      else { continue }
      index += 1
    }
    return days.isEmpty ? nil : (days, index)
  }

  /// The `BYDAY` code of a weekday numbered as Foundation numbers them (1 for Sunday).
  private static func code(_ weekday: Int) -> String {
    ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][weekday - 1]
  }

  /// `first` to `fifth`, `1st` to `5th`, `last`: which of a month's weekdays.
  private static func ordinal(_ word: String) -> Int? {
    let words = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
    if let number = words[word] { return number }
    return numberedDay(word).flatMap { $0 <= 5 ? $0 : nil }
  }

  /// `1st` to `31st`: a day of the month written as an ordinal.
  static func numberedDay(_ word: String) -> Int? {
    guard word.count >= 3, ["st", "nd", "rd", "th"].contains(String(word.suffix(2))),
      let day = Int(word.dropLast(2)), (1...31).contains(day)
    else { return nil }
    return day
  }

  /// `10 times`, `1 time`: a `COUNT`, and how many words name it.
  private static func timesCount(_ words: [String]) -> (Int, Int)? {
    guard words.count >= 2, let count = Int(words[0]), (1...9999).contains(count),
      ["times", "time"].contains(words[1])
    else { return nil }
    return (count, 2)
  }
}
