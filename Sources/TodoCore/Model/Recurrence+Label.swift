import Foundation
import ICalendar

extension Recurrence {
  /// The repeat as a person reads it, in the words ``QuickEntry`` reads back: "every day",
  /// "every weekday", "every Monday and Thursday", "every 2 weeks on Friday",
  /// "every month on the 1st", "every month on the last Friday", "every year on 15 January",
  /// "every 3 days after done", "every hour", then ", 10 times" or ", until 1 Mar 2027".
  ///
  /// A rule these words cannot say exactly (`BYSETPOS`, several days of the month, a week
  /// starting on Sunday in a rule it changes…) is shown as its text, "repeats: FREQ=…", so
  /// that the label never promises dates the rule does not give. The time of day is not part
  /// of the rule but of the deadline: see ``label(at:)``.
  ///
  /// ```swift
  /// try Recurrence(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR").label  // "every 2 weeks on Friday"
  /// try Recurrence(rule: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1").label
  /// // "repeats: FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1"
  /// ```
  public var label: String { label(at: nil) }

  /// The repeat as a person reads it (``label``), with the time of day of `deadline` after
  /// what repeats, when it has one: "every Monday 09:00", "every day 21:30, 10 times".
  ///
  /// - Parameter deadline: The todo's deadline, whose time the occurrences keep.
  public func label(at deadline: Deadline?) -> String {
    let time = deadline?.timeText.map { " " + $0 } ?? ""
    let after = mode == .afterCompletion ? " after done" : ""
    guard let phrase = Self.phrase(of: rule, text: ruleText) else {
      return "repeats: " + ruleText + (time.isEmpty ? "" : ", at" + time) + after
    }
    var label = phrase + time + after
    if let count = rule.count { label += count == 1 ? ", 1 time" : ", \(count) times" }
    if let until = rule.until { label += ", until " + Self.text(of: until) }
    return label
  }

  // MARK: - Phrasing

  /// The parts the phrases can say; a rule with any other is shown as its text.
  private static let phrasedParts: Set<String> = [
    "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "WKST",
  ]

  /// What repeats, without count, end or mode: "every 2 weeks on Friday"; `nil` for a rule
  /// the phrases cannot say exactly.
  ///
  /// The parts are read from the rule's text as well as from `RecurrenceRule`, whose parts
  /// may grow: a part this function does not know of must not be dropped silently.
  private static func phrase(of rule: RecurrenceRule, text: String) -> String? {
    let names = text.uppercased().split(separator: ";").map {
      String($0.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
    }
    guard names.allSatisfy(phrasedParts.contains), rule.weekStart == .monday,
      let unit = units[rule.frequency.rawValue]
    else { return nil }
    let every = rule.interval == 1 ? "every \(unit)" : "every \(rule.interval) \(unit)s"
    let days = rule.byDay
    switch rule.frequency.rawValue {
    case "HOURLY", "DAILY":
      guard days.isEmpty, rule.byMonthDay.isEmpty, rule.byMonth.isEmpty else { return nil }
      return every
    case "WEEKLY":
      guard rule.byMonthDay.isEmpty, rule.byMonth.isEmpty else { return nil }
      guard !days.isEmpty else { return every }
      guard days.allSatisfy({ $0.ordinal == nil }), Set(days).count == days.count else {
        return nil
      }
      let codes = days.map(\.weekday.code)
      if rule.interval == 1 {
        if codes == ["MO", "TU", "WE", "TH", "FR"] { return "every weekday" }
        if codes == ["SA", "SU"] { return "every weekend" }
        return "every " + list(days.map { weekdayNames[$0.weekday.rawValue] })
      }
      return every + " on " + list(days.map { weekdayNames[$0.weekday.rawValue] })
    case "MONTHLY":
      guard rule.byMonth.isEmpty else { return nil }
      switch (rule.byMonthDay.count, days.count) {
      case (0, 0):
        return every
      case (1, 0):
        let day = rule.byMonthDay[0]
        guard day == -1 || day > 0 else { return nil }
        return every + " on the " + (day == -1 ? "last day" : ordinal(day))
      case (0, 1):
        guard let number = days[0].ordinal, let word = ordinalWords[number] else { return nil }
        return every + " on the \(word) " + weekdayNames[days[0].weekday.rawValue]
      default:
        return nil
      }
    case "YEARLY":
      guard days.isEmpty else { return nil }
      if rule.byMonth.isEmpty, rule.byMonthDay.isEmpty { return every }
      guard rule.byMonth.count == 1, rule.byMonthDay.count == 1 else { return nil }
      let (month, day) = (rule.byMonth[0], rule.byMonthDay[0])
      guard (1...CivilCalendar.daysInMonth(month, of: 2000)).contains(day) else { return nil }
      return every + " on \(day) " + monthNames[month - 1]
    default:
      return nil
    }
  }

  /// The unit of each frequency the phrases can say.
  private static let units = [
    "HOURLY": "hour", "DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year",
  ]

  /// The weekdays, Monday first as `RecurrenceRule.Weekday` numbers them.
  private static let weekdayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// Which of a month's weekdays, as words.
  private static let ordinalWords = [
    1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last",
  ]

  /// "Monday", "Monday and Thursday", "Monday, Wednesday and Friday".
  private static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
  private static func ordinal(_ number: Int) -> String {
    let suffix =
      (11...13).contains(number % 100)
      ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
    return "\(number)\(suffix)"
  }

  /// An `UNTIL` as a person reads it: "1 Mar 2027", with its time and zone when it has them
  /// ("1 Mar 2027 23:59 UTC").
  private static func text(of until: DateOrDateTime) -> String {
    let date = until.date
    let day = "\(date.day) \(monthNames[date.month - 1].prefix(3)) \(date.year)"
    guard let time = until.time else { return day }
    let clock = String(format: "%02d:%02d", time.hour, time.minute)
    switch until.form {
    case .utc?: return "\(day) \(clock) UTC"
    case .zoned(let tzid)?: return "\(day) \(clock) \(tzid)"
    default: return "\(day) \(clock)"
    }
  }
}
