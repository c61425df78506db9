import Foundation

/// What a person typed into the new-todo field, read as a title and, when the text names them,
/// a deadline and a repeat: "Call mum tomorrow 9:00" is "Call mum", due tomorrow at 09:00;
/// "Water plants every monday 9am" is "Water plants", repeating every Monday, due next Monday
/// at 09:00.
///
/// It understands, anywhere in the text and in any case:
/// - `today`, `tomorrow`, a weekday (`friday`, `fri`: the next one after today),
///   `in 3 days`, `in 2 weeks`, `in a week`;
/// - a month and day, `12/1` (this year, or next year once it has passed), or `2026-12-01`;
/// - a time: `9:00`, `21:30`, `9am`, `9:30pm`, `noon`, optionally after `at`; a time alone is
///   today, or tomorrow once it has passed;
/// - a repeat, as Todoist reads it (see ``recurrence``):
///   - `every day`, `daily`, `every 3 days`, `every other day`; `every hour`, `every 2 hours`,
///     `hourly` (once `RecurrenceRule` evaluates `FREQ=HOURLY`);
///   - `every week`, `weekly`, `every 2 weeks`, `every other week`, `every weekday` (Monday to
///     Friday), `every weekend`, `every monday`, `every mon and thu`,
///     `every monday, wednesday and friday`, `every 2 weeks on friday`, `every other monday`;
///   - `every month`, `monthly`, `every 15th`, `every month on the 1st`,
///     `every month on the last day`, `every first monday`, `every 2nd tuesday`,
///     `every last friday`, `every month on the last friday`;
///   - `every year`, `yearly`, `every jan 15`, `every 15 january`,
///     `every year on 15 january`;
///   - then, anywhere after it: `after done` or `after completion` (or `every!` in place of
///     `every`) to count the next date from the day it is done; `until 2027-03-01`,
///     `until dec 1`; `10 times` or `for 10 times`; `starting dec 7`, `from friday`.
/// - `#tag` (a word with a letter in it: `#work`, `#q3-plan`; `#1` stays in the title) for a tag,
///   and `!1` to `!4` for the priority (P1 to P4), as Todoist reads them.
///
/// The words that named the deadline, the repeat, the tags and the priority leave the title.
/// Text that would leave no title, or that names none of them, is all title; `every` with no
/// repeat after it ("every little thing") stays in the title. Dates are read in `calendar`'s
/// time zone (the server's), and the deadline is a wall-clock date and time, as every
/// ``Deadline`` is.
///
/// A repeat makes the deadline its first occurrence: on or after the date the text names, or
/// else on or after today (tomorrow when its time has passed), so that "every monday 9:00"
/// typed on a Wednesday is due next Monday at 09:00 and "every day" is due today.
public struct QuickEntry: Equatable, Sendable {
  /// The title, without the words that named the deadline and the repeat.
  public var title: String
  /// The deadline the text named, if any; with a repeat, its first occurrence.
  public var deadline: Deadline?
  /// How the todo repeats, if the text said so: "every 2 weeks on friday" is
  /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=FR` on schedule, "every 3 days after done" is
  /// `FREQ=DAILY;INTERVAL=3` after completion.
  public var recurrence: Recurrence?
  /// The words that named the deadline and the repeat, as typed and in the order typed (for
  /// the page's chip).
  public var phrase: String?
  /// The priority the text named (`!1` is P1), if any; the last one counts.
  public var priority: Priority?
  /// The tags the text named (`#work`), without their `#`, each once.
  public var tags: [String] = []

  /// Reads `text` at the instant `now`.
  ///
  /// - Complexity: O(n) for the n words of the text.
  /// - Parameter readingDates: `false` reads only the tags and the priority: the words of a
  ///   date stay in the title (after the person removed the date the page read).
  public init(parsing text: String, now: Date, calendar: Calendar, readingDates: Bool = true) {
    title = text
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let today = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: now)
    // Tags and a priority are read first: a date phrase never takes them.
    var marked = IndexSet()
    var priority: Priority?
    var tags: [String] = []
    for (index, word) in words.enumerated() {
      if let tag = Self.tag(word) {
        tags.append(tag)
        marked.insert(index)
      } else if let level = Self.priority(word) {
        priority = level
        marked.insert(index)
      }
    }
    if !marked.isEmpty, marked.count < words.count {
      self.priority = priority
      // Each is a valid tag already: this keeps each once, and at most as many as a todo has.
      self.tags =
        (try? TodoValidation.tags(Array(tags.prefix(TodoValidation.maximumTagCount)))) ?? []
      title = words.indices.filter { !marked.contains($0) }.map { words[$0] }.joined(
        separator: " ")
    } else {
      marked = []
    }
    var used = IndexSet()
    guard readingDates else { return }
    var day: DateComponents?
    var time: (hour: Int, minute: Int)?
    var repeating: RepeatPhrase?
    var index = 0
    while index < words.count {
      if marked.contains(index) {
        index += 1
        continue
      }
      let rest = words[index..<(marked.integerGreaterThan(index) ?? words.count)].map {
        $0.lowercased()
      }
      var read: Int?
      if repeating == nil, let (found, count) = Self.repeatPhrase(rest) {
        repeating = found
        read = count
      } else if var phrase = repeating,
        let count = Self.repeatModifier(
          rest, phrase: &phrase, day: &day, today: today, now: now, calendar: calendar)
      {
        repeating = phrase
        read = count
      } else if day == nil,
        let (found, count) = Self.day(rest, today: today, now: now, calendar: calendar)
      {
        day = found
        read = count
      } else if time == nil, let (found, count) = Self.time(rest) {
        time = found
        read = count
      }
      if let read { used.insert(integersIn: index..<(index + read)) }
      index += read ?? 1
    }
    let recurrence = repeating?.recurrence
    guard day != nil || time != nil || recurrence != nil,
      used.count + marked.count < words.count
    else { return }
    let deadline: Deadline?
    if let recurrence {
      guard
        let (first, at) = Self.firstOccurrence(
          of: recurrence.rule, day: day, time: time, today: today)
      else { return }
      deadline = Self.deadline(day: first, time: at, today: today, now: now, calendar: calendar)
    } else {
      deadline = Self.deadline(day: day, time: time, today: today, now: now, calendar: calendar)
    }
    guard let deadline else { return }
    self.deadline = deadline
    self.recurrence = recurrence
    title = words.indices.filter { !used.contains($0) && !marked.contains($0) }.map { words[$0] }
      .joined(separator: " ")
    phrase = used.map { words[$0] }.joined(separator: " ")
  }

  // MARK: - Tags and priority

  /// The tag a word names: `#` and a word with at least one letter, as a tag may be.
  static func tag(_ word: String) -> String? {
    guard word.hasPrefix("#") else { return nil }
    let name = word.dropFirst()
    guard name.contains(where: \.isLetter), !name.contains(where: { "#,/\\".contains($0) }),
      name.unicodeScalars.count <= TodoValidation.maximumTagLength
    else { return nil }
    return String(name)
  }

  /// The priority a word names: `!1` to `!4`.
  static func priority(_ word: String) -> Priority? {
    guard word.count == 2, word.hasPrefix("!"), let level = Int(word.dropFirst()) else {
      return nil
    }
    return Priority(rawValue: level)
  }

  // MARK: - Dates

  static let weekdays: [String: Int] = [
    "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3,
    "wednesday": 4, "wed": 4, "thursday": 5, "thu": 5, "thurs": 5, "friday": 6, "fri": 6,
    "saturday": 7, "sat": 7,
  ]

  /// The day the words at the start of `words` name, and how many words name it.
  static func day(
    _ words: [String], today: DateComponents, now: Date, calendar: Calendar
  ) -> (DateComponents, Int)? {
    guard let first = words.first else { return nil }
    switch first {
    case "today": return (shifted(now, days: 0, calendar: calendar), 1)
    case "tomorrow": return (shifted(now, days: 1, calendar: calendar), 1)
    case "in":
      guard words.count >= 3 else { return nil }
      let count = words[1] == "a" || words[1] == "one" ? 1 : Int(words[1])
      guard let count, (1...999).contains(count) else { return nil }
      switch words[2] {
      case "day", "days": return (shifted(now, days: count, calendar: calendar), 3)
      case "week", "weeks": return (shifted(now, days: 7 * count, calendar: calendar), 3)
      default: return nil
      }
    default: break
    }
    if let weekday = weekdays[first], let current = today.weekday {
      let ahead = (weekday - current + 7) % 7
      return (shifted(now, days: ahead == 0 ? 7 : ahead, calendar: calendar), 1)
    }
    if let deadline = try? Deadline(parsing: first), deadline.time == nil {
      return (DateComponents(year: deadline.year, month: deadline.month, day: deadline.day), 1)
    }
    let parts = first.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]),
      (1...12).contains(month), (1...31).contains(day), let year = today.year,
      let currentMonth = today.month, let currentDay = today.day
    else { return nil }
    let passed = (month, day) < (currentMonth, currentDay)
    return (DateComponents(year: passed ? year + 1 : year, month: month, day: day), 1)
  }

  /// The calendar day `days` after the day of `now`.
  static func shifted(_ now: Date, days: Int, calendar: Calendar) -> DateComponents {
    let date = calendar.date(byAdding: .day, value: days, to: now) ?? now
    return calendar.dateComponents([.year, .month, .day], from: date)
  }

  // MARK: - Times

  /// The time the words at the start of `words` name (`at` first is allowed), and how many
  /// words name it.
  static func time(_ words: [String]) -> ((hour: Int, minute: Int), Int)? {
    // A time may end a clause ("every day 9:00, 10 times").
    let words = words.prefix(2).map(bare)
    guard let first = words.first else { return nil }
    if first == "at", words.count >= 2, let found = clock(words[1]) { return (found, 2) }
    if let found = clock(first) { return (found, 1) }
    return nil
  }

  /// `9:00`, `21:30`, `9am`, `9:30pm`, `noon`, `midnight`.
  static func clock(_ word: String) -> (hour: Int, minute: Int)? {
    if word == "noon" { return (12, 0) }
    if word == "midnight" { return (0, 0) }
    var text = Substring(word)
    var meridiem: String?
    for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
      meridiem = suffix
      text = text.dropLast(2)
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let hour = Int(parts[0]), parts[0].count <= 2 else {
      return nil
    }
    let minute = parts.count == 2 ? Int(parts[1]) : 0
    guard let minute, parts.count == 1 || parts[1].count == 2, (0...59).contains(minute) else {
      return nil
    }
    // A bare number is not a time ("buy 2 apples"): it needs a colon or am/pm.
    guard parts.count == 2 || meridiem != nil else { return nil }
    switch meridiem {
    case "am"?: return (1...12).contains(hour) ? (hour % 12, minute) : nil
    case "pm"?: return (1...12).contains(hour) ? (hour % 12 + 12, minute) : nil
    default: return (0...23).contains(hour) ? (hour, minute) : nil
    }
  }
}
