import Foundation

extension Recurrence {
  /// A repeat as a person types it: the words quick entry reads ("every monday", "every 2
  /// weeks on friday", "every 3 days after done") or an RFC 5545 rule (`FREQ=WEEKLY;BYDAY=MO`,
  /// an `RRULE:` prefix allowed). What `todo add/edit --repeat` and the page's edit sheet
  /// take.
  ///
  /// ```swift
  /// let (weekly, first) = try Recurrence.reading("every monday 9:00", now: now, calendar: .current)
  /// weekly.ruleText  // "FREQ=WEEKLY;BYDAY=MO"; first: the next Monday at 09:00
  /// ```
  ///
  /// - Returns: The repeat, and the first date its words name (a time of day, a weekday: the
  ///   next such date after `now`); a rule names none.
  /// - Throws: `TodoError.validation` on `repeat` for words that are not a repeat or a rule
  ///   that is not valid, saying what is wrong.
  public static func reading(_ text: String, now: Date, calendar: Calendar) throws(TodoError)
    -> (recurrence: Recurrence, first: Deadline?)
  {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.uppercased().hasPrefix("FREQ=") || text.uppercased().hasPrefix("RRULE:") {
      return (try Recurrence(rule: text), nil)
    }
    let entry = QuickEntry(parsing: "x " + text, now: now, calendar: calendar)
    guard let recurrence = entry.recurrence, entry.title == "x" else {
      throw .validation(
        field: "repeat",
        message: "\"\(text)\" is not a repeat: say it like \"every monday\", \"every 2 "
          + "weeks\" or \"every 3 days after done\", or give a rule like FREQ=WEEKLY;BYDAY=MO")
    }
    return (recurrence, entry.deadline)
  }

  /// The repeat as a person edits it: the words of ``label`` when quick entry reads them back
  /// as this very rule, else the rule's text. The mode is not in it (the edit sheet has a
  /// box for it).
  public var editText: String {
    let schedule = (try? Recurrence(rule: ruleText)) ?? self
    let words = schedule.label
    let reference = Date(timeIntervalSince1970: 0)
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    guard let read = try? Self.reading(words, now: reference, calendar: utc),
      read.recurrence.ruleText == ruleText
    else { return ruleText }
    return words
  }
}
