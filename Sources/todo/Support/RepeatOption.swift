import Foundation
import TodoCore

/// The `--repeat` option: a repeat in words, as the new-todo field reads them ("every
/// monday", "every 3 days after done"), or an RFC 5545 rule (`FREQ=WEEKLY;BYDAY=MO`).
enum RepeatOption {
  /// The recurrence `text` says, and the first date words give ("every monday 9:00": next
  /// Monday at 09:00; a rule gives none).
  ///
  /// - Throws: `TodoError.validation` on `repeat` for words that are not a repeat or a rule
  ///   that is not valid, saying what is wrong.
  static func recurrence(_ text: String, now: Date) throws -> (Recurrence, first: Deadline?) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.uppercased().hasPrefix("FREQ=") || trimmed.uppercased().hasPrefix("RRULE:") {
      return (try Recurrence(rule: trimmed), nil)
    }
    let entry = QuickEntry(parsing: "x " + trimmed, now: now, calendar: .autoupdatingCurrent)
    guard let recurrence = entry.recurrence, entry.title == "x" else {
      throw TodoError.validation(
        field: "repeat",
        message: "\"\(trimmed)\" is not a repeat: say it like \"every monday\", \"every 2 "
          + "weeks\" or \"every 3 days after done\", or give a rule like FREQ=WEEKLY;BYDAY=MO")
    }
    return (recurrence, entry.deadline)
  }
}
