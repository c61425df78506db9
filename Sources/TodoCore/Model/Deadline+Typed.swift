import Foundation

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
