import Foundation

/// The rules for what users type, shared by the server, the command line and the live page.
///
/// Each function returns the value as it is stored (trimmed) or throws a `TodoError` with a
/// message meant for a person: `TodoError.invalidText` for a control character (checked
/// first, on the text exactly as it was sent), `TodoError.validation` for every other rule.
///
/// ```swift
/// try TodoValidation.title("  Buy milk ")  // "Buy milk"
/// try TodoValidation.title("")             // throws: a title cannot be empty
/// try TodoValidation.title("a\u{0}b")      // throws: the control character U+0000 at position 2
/// ```
public enum TodoValidation {
  /// The longest title, in characters.
  public static let maximumTitleLength = 1_000
  /// The longest notes, in characters.
  public static let maximumNotesLength = 100_000
  /// The longest list name or section heading, in characters.
  public static let maximumNameLength = 200
  /// The longest tag, in characters.
  public static let maximumTagLength = 60
  /// The most tags one todo has.
  public static let maximumTagCount = 30

  /// A todo title: no control characters, trimmed, not empty, at most 1,000 characters, on
  /// one line.
  ///
  /// - Throws: `TodoError.invalidText(field: "title", …)` or
  ///   `TodoError.validation(field: "title", …)`.
  public static func title(_ text: String) throws -> String {
    try name(text, field: "title", what: "a title", limit: maximumTitleLength)
  }

  /// A list name: no control characters, trimmed, not empty, at most 200 characters, on one
  /// line.
  ///
  /// - Throws: `TodoError.invalidText(field: "name", …)` or
  ///   `TodoError.validation(field: "name", …)`.
  public static func listName(_ text: String) throws -> String {
    try name(text, field: "name", what: "a list name", limit: maximumNameLength)
  }

  /// A saved filter's name, as a list's: trimmed, 1…200 characters, no control characters.
  public static func filterName(_ text: String) throws -> String {
    try name(text, field: "name", what: "a filter name", limit: maximumNameLength)
  }

  /// Notes: no control characters other than tab and newline, kept as typed (only trailing
  /// white space removed), at most 100,000 characters.
  ///
  /// - Throws: `TodoError.invalidText(field: "notes", …)` or
  ///   `TodoError.validation(field: "notes", …)`.
  public static func notes(_ text: String) throws -> String {
    try checkCharacters(text, field: "notes")
    var notes = Substring(text)
    while let last = notes.last, last.isWhitespace { notes.removeLast() }
    guard notes.unicodeScalars.count <= maximumNotesLength else {
      throw TodoError.validation(
        field: "notes",
        message:
          "notes are limited to \(maximumNotesLength) characters (got \(notes.unicodeScalars.count))"
      )
    }
    return String(notes)
  }

  /// A todo's tags: each one word (no spaces, `#`, `,`, `/` or `\`; a leading `#` is
  /// dropped), at most 60 characters; each once, compared without case (the first spelling
  /// stays); at most 30.
  ///
  /// - Throws: `TodoError.invalidText(field: "tags", …)` or
  ///   `TodoError.validation(field: "tags", …)`, naming the tag.
  public static func tags(_ names: [String]) throws(TodoError) -> [String] {
    var tags: [String] = []
    var seen: Set<String> = []
    for name in names {
      try checkCharacters(name, field: "tags")
      var tag = Substring(name.trimmingCharacters(in: .whitespacesAndNewlines))
      while tag.first == "#" { tag = tag.dropFirst() }
      guard !tag.isEmpty else {
        throw TodoError.validation(field: "tags", message: "a tag cannot be empty")
      }
      guard !tag.contains(where: { $0.isWhitespace || "#,/\\".contains($0) }) else {
        throw TodoError.validation(
          field: "tags",
          message: "a tag is one word, without spaces, #, commas or slashes: \"\(tag)\"")
      }
      guard tag.unicodeScalars.count <= maximumTagLength else {
        throw TodoError.validation(
          field: "tags", message: "a tag is limited to \(maximumTagLength) characters: \"\(tag)\"")
      }
      if seen.insert(tag.lowercased()).inserted { tags.append(String(tag)) }
    }
    guard tags.count <= maximumTagCount else {
      throw TodoError.validation(
        field: "tags",
        message: "a todo has at most \(maximumTagCount) tags (got \(tags.count))")
    }
    return tags
  }

  /// The account a form names as a todo's assignee (its identifier).
  ///
  /// - Throws: ``notAMember`` for text that names no account.
  public static func assignee(_ text: String) throws(TodoError) -> UUID {
    guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
      throw notAMember
    }
    return id
  }

  /// The refusal of an assignee who is not a member of the todo's list: the same whether
  /// the account exists or not, so that it tells nothing of who has an account.
  public static let notAMember = TodoError.validation(
    field: "assigneeID",
    message: "a todo is assigned to its list's owner or someone the list is shared with")

  /// The tags of a text a person typed: words apart by spaces or commas, each with or without
  /// its `#` (`#work errands, home`), under the rules of ``tags(_:)``.
  public static func tags(reading text: String) throws(TodoError) -> [String] {
    try tags(text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init))
  }

  /// A section heading: no control characters, trimmed; empty means no section. At most 200
  /// characters, on one line.
  ///
  /// - Throws: `TodoError.invalidText(field: "section", …)` or
  ///   `TodoError.validation(field: "section", …)`.
  public static func section(_ text: String?) throws -> String? {
    guard let text else { return nil }
    try checkCharacters(text, field: "section")
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return nil }
    return try name(trimmed, field: "section", what: "a section", limit: maximumNameLength)
  }

  /// A repeat rule, checked against the date it starts from (the deadline, else the day of
  /// `now` in the server's time zone): a rule whose `UNTIL` comes before that date would never
  /// give an occurrence.
  ///
  /// - Throws: `TodoError.validation(field: "repeat", …)`.
  public static func recurrence(_ recurrence: Recurrence?, due: Deadline?, now: Date)
    throws(TodoError)
  {
    guard let recurrence, let until = recurrence.rule.until else { return }
    let today = Calendar.current.dateComponents([.year, .month, .day], from: now)
    let start =
      due.map { ($0.year, $0.month, $0.day) }
      ?? (today.year ?? 0, today.month ?? 0, today.day ?? 0)
    let end = (until.date.year, until.date.month, until.date.day)
    guard end >= start else {
      throw .validation(
        field: "repeat",
        message: "the rule ends (UNTIL \(until.text)) before its first date: it never repeats")
    }
  }

  /// A start date, which cannot come after the deadline (a todo cannot start once it is
  /// due).
  ///
  /// - Throws: `TodoError.validation(field: "start", …)`.
  public static func start(_ start: Deadline?, deadline: Deadline?) throws(TodoError) {
    guard let start, let deadline else { return }
    // A date-only deadline is due all that day: a start at any time that day is before it.
    let startDay = (start.year, start.month, start.day)
    let dueDay = (deadline.year, deadline.month, deadline.day)
    guard startDay > dueDay || (startDay == dueDay && deadline.time != nil && start > deadline)
    else { return }
    throw .validation(
      field: "start",
      message: "the todo would start (\(start.displayText)) after its deadline "
        + "(\(deadline.displayText))")
  }

  /// A date with a clock time that exists in `zone`: the hour the clocks skip when they go
  /// forward (02:30 on the last Sunday of March in Paris) is no time at all there.
  ///
  /// - Throws: `TodoError.validation(field: field, …)`.
  public static func wallTime(_ value: Deadline?, field: String, in zone: TimeZone)
    throws(TodoError)
  {
    guard let value, let time = value.time else { return }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = DateComponents(
      year: value.year, month: value.month, day: value.day, hour: time.hour, minute: time.minute)
    guard let instant = calendar.date(from: parts) else { return }
    let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
    guard back.day != value.day || back.hour != time.hour || back.minute != time.minute else {
      return
    }
    throw .validation(
      field: field,
      message: "\(value.displayText) does not exist in \(zone.identifier): the clocks go "
        + "forward over it; choose another time")
  }

  /// Text that only looks something up (a search query, a list named to move or filter by):
  /// no control characters, then trimmed. Blank text is allowed.
  ///
  /// - Parameters:
  ///   - text: The text as the user sent it.
  ///   - field: The input's name for the error (`q`, `text`, `list`).
  /// - Throws: `TodoError.invalidText(field: field, …)`.
  public static func query(_ text: String, field: String) throws(TodoError) -> String {
    try checkCharacters(text, field: field)
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Refuses control characters: U+0000–U+001F, U+007F and U+0080–U+009F, except tab
  /// (U+0009) and newline (U+000A). Every text a user sends passes here before anything else
  /// (trimming included), so a NUL cannot truncate what is stored and a terminal escape
  /// (U+001B) cannot reach another person's terminal.
  ///
  /// Unicode scalars are checked, not characters, so a carriage return is found even where it
  /// begins a `"\r\n"` character. Whether a newline is allowed is the field's own rule (titles,
  /// list names and sections refuse it with `TodoError.validation`).
  ///
  /// - Parameters:
  ///   - text: The text exactly as it was sent.
  ///   - field: The input's name, used in the error.
  /// - Throws: `TodoError.invalidText(field: field, message:)` for the first control
  ///   character, naming it as `U+XXXX` and its position (counted in Unicode scalars from 1):
  ///   `contains the control character U+0000 at position 2; remove it`.
  public static func checkCharacters(_ text: String, field: String) throws(TodoError) {
    for (offset, scalar) in text.unicodeScalars.enumerated() where isRefused(scalar) {
      let code = String(scalar.value, radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
      throw TodoError.invalidText(
        field: field,
        message: "contains the control character U+\(padded) at position \(offset + 1); remove it")
    }
  }

  /// Whether `scalar` is a control character that no text may carry.
  private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }

  private static func name(_ text: String, field: String, what: String, limit: Int) throws
    -> String
  {
    try checkCharacters(text, field: field)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw TodoError.validation(field: field, message: "\(what) cannot be empty")
    }
    guard trimmed.unicodeScalars.count <= limit else {
      throw TodoError.validation(
        field: field,
        message: "\(what) is limited to \(limit) characters (got \(trimmed.unicodeScalars.count))")
    }
    guard !trimmed.contains(where: \.isNewline) else {
      throw TodoError.validation(field: field, message: "\(what) must fit on one line")
    }
    return trimmed
  }
}
