import Foundation

extension TodoQuery {
  /// The longest filter text, in characters.
  public static let maximumLength = 1_000

  /// Reads a filter's text (``TodoQuery``'s language).
  ///
  /// ```swift
  /// let query = try TodoQuery(parsing: "(today | overdue) & #work")
  /// ```
  ///
  /// - Throws: `TodoError.validation(field: "filter", …)` saying where (counted in characters
  ///   from 1) and what was expected: `at 9: expected a day (today, tomorrow, +7d, -3d, +2w or
  ///   2026-12-01), found "soon"`.
  public init(parsing text: String) throws(TodoError) {
    try TodoValidation.checkCharacters(text, field: "filter")
    guard text.count <= Self.maximumLength else {
      throw TodoError.validation(
        field: "filter", message: "a filter is limited to \(Self.maximumLength) characters")
    }
    var parser = QueryParser(text)
    self = try parser.parse()
  }
}

/// A recursive-descent reader of ``TodoQuery``'s text: `|` over `&` over `!` over terms and
/// parentheses.
struct QueryParser {
  private let characters: [Character]
  private var index = 0
  /// How deep parentheses and `!` nest, bounded so that no text can exhaust the stack.
  private var depth = 0
  private static let maximumDepth = 64
  /// What a term may be, for the messages.
  private static let term =
    "a term (today, overdue, no date, due before: +7d, #tag, p1, list: NAME, "
    + "status: done, search: TEXT, assigned: me, ! or a parenthesis)"

  init(_ text: String) {
    characters = Array(text)
  }

  mutating func parse() throws(TodoError) -> TodoQuery {
    let query = try parseOr()
    skipSpaces()
    if index < characters.count {
      throw failure(expected: characters[index] == ")" ? "a term before )" : "& or |")
    }
    return query
  }

  private mutating func parseOr() throws(TodoError) -> TodoQuery {
    try parseChain(
      of: "|",
      { (parser: inout QueryParser) throws(TodoError) in
        try parser.parseAnd()
      }, combined: TodoQuery.or)
  }

  private mutating func parseAnd() throws(TodoError) -> TodoQuery {
    try parseChain(
      of: "&",
      { (parser: inout QueryParser) throws(TodoError) in
        try parser.parseUnary()
      }, combined: TodoQuery.and)
  }

  /// Operands that `part` reads, apart by `separator`: the one operand, or all of them
  /// `combined`.
  private mutating func parseChain(
    of separator: Character, _ part: (inout QueryParser) throws(TodoError) -> TodoQuery,
    combined: ([TodoQuery]) -> TodoQuery
  ) throws(TodoError) -> TodoQuery {
    var parts = [try part(&self)]
    while skipSpaces(), peek == separator {
      index += 1
      parts.append(try part(&self))
    }
    return parts.count == 1 ? parts[0] : combined(parts)
  }

  private mutating func parseUnary() throws(TodoError) -> TodoQuery {
    skipSpaces()
    guard peek == "!" else { return try parsePrimary() }
    index += 1
    try enter()
    defer { depth -= 1 }
    return .not(try parseUnary())
  }

  private mutating func parsePrimary() throws(TodoError) -> TodoQuery {
    skipSpaces()
    guard let first = peek else { throw failure(expected: Self.term) }
    if first == "(" {
      index += 1
      try enter()
      defer { depth -= 1 }
      let query = try parseOr()
      skipSpaces()
      guard peek == ")" else { throw failure(expected: "& or | or a closing )") }
      index += 1
      return query
    }
    if first == "#" {
      index += 1
      let name = readWord(stoppingAt: "()&|")
      guard !name.isEmpty, let tag = try? TodoValidation.tags([name]).first else {
        throw failure(expected: "a tag's name after #")
      }
      return .tag(tag)
    }
    let start = index
    let word = readWord(stoppingAt: "()&|!:#").lowercased()
    switch word {
    case "today": return .today
    case "tomorrow": return .tomorrow
    case "overdue": return .overdue
    case "p1", "p2", "p3", "p4": return .priority(try Priority(parsing: word))
    case "no":
      skipSpaces()
      let next = index
      switch readWord(stoppingAt: "()&|!:#").lowercased() {
      case "date": return .noDate
      case "priority": return .priority(nil)
      case "assignee": return .assignedToMe(false)
      default:
        index = next
        throw failure(expected: "date, priority or assignee after no")
      }
    case "due":
      skipSpaces()
      var comparison = TodoQuery.DayComparison.on
      if peek != ":" {
        let next = index
        switch readWord(stoppingAt: "()&|!:#").lowercased() {
        case "before": comparison = .before
        case "after": comparison = .after
        default:
          index = next
          throw failure(expected: "before:, after: or : after due")
        }
      }
      try expectColon(after: "due")
      return .due(comparison, try parseDay())
    case "assigned":
      try expectColon(after: "assigned")
      skipSpaces()
      let valueStart = index
      guard readWord(stoppingAt: "()&|!:#").lowercased() == "me" else {
        index = valueStart
        throw failure(expected: "me after assigned:")
      }
      return .assignedToMe(true)
    case "list":
      try expectColon(after: "list")
      return .list(try readValue(naming: "a list's name"))
    case "search":
      try expectColon(after: "search")
      return .search(try readValue(naming: "the text to search for"))
    case "status":
      try expectColon(after: "status")
      let valueStart = index
      let value = try readValue(naming: "a status").lowercased().filter { !$0.isWhitespace }
      switch value {
      case "notstarted", "open": return .status(.notStarted)
      case "inprogress": return .status(.inProgress)
      case "done", "completed": return .status(.done)
      default:
        index = valueStart
        skipSpaces()
        throw failure(expected: "a status (not started, in progress or done)")
      }
    default:
      index = start
      throw failure(expected: Self.term)
    }
  }

  /// `today`, `tomorrow`, `yesterday`, `+7d`, `-3d`, `+2w` or a date.
  private mutating func parseDay() throws(TodoError) -> QueryDay {
    skipSpaces()
    let start = index
    let word = readWord(stoppingAt: "()&|!:#").lowercased()
    switch word {
    case "today": return .fromToday(0)
    case "tomorrow": return .fromToday(1)
    case "yesterday": return .fromToday(-1)
    default: break
    }
    if let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
      unit == "d" || unit == "w", let count = Int(word.dropFirst().dropLast()),
      (0...3_650).contains(count)
    {
      let days = count * (unit == "w" ? 7 : 1)
      return .fromToday(sign == "-" ? -days : days)
    }
    if let deadline = try? Deadline(parsing: word), deadline.time == nil {
      return .date(year: deadline.year, month: deadline.month, day: deadline.day)
    }
    index = start
    throw failure(expected: "a day (today, tomorrow, +7d, -3d, +2w or 2026-12-01)")
  }

  // MARK: - Reading

  private var peek: Character? { index < characters.count ? characters[index] : nil }

  /// Skips white space; always `true`, to be used inside a loop's condition.
  @discardableResult
  private mutating func skipSpaces() -> Bool {
    while let character = peek, character.isWhitespace { index += 1 }
    return true
  }

  private mutating func enter() throws(TodoError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw TodoError.validation(
        field: "filter",
        message: "at \(index): parentheses and ! nest more than \(Self.maximumDepth) deep")
    }
  }

  /// The characters up to white space or one of `stops`.
  private mutating func readWord(stoppingAt stops: String) -> String {
    let start = index
    while let character = peek, !character.isWhitespace, !stops.contains(character) {
      index += 1
    }
    return String(characters[start..<index])
  }

  private mutating func expectColon(after word: String) throws(TodoError) {
    skipSpaces()
    guard peek == ":" else { throw failure(expected: ": after \(word)") }
    index += 1
  }

  /// A name or text after `list:`, `search:` or `status:`: in double quotes, or up to the next
  /// `&`, `|` or parenthesis, trimmed.
  private mutating func readValue(naming what: String) throws(TodoError) -> String {
    skipSpaces()
    if peek == "\"" {
      let open = index
      index += 1
      let start = index
      while let character = peek, character != "\"" { index += 1 }
      guard peek == "\"" else {
        index = open
        throw failure(expected: "a closing \" for the quote that starts here")
      }
      let value = String(characters[start..<index])
      index += 1
      guard !value.isEmpty else { throw failure(expected: what) }
      return value
    }
    let start = index
    while let character = peek, !"&|()".contains(character) { index += 1 }
    let value = String(characters[start..<index]).trimmingCharacters(in: .whitespaces)
    guard !value.isEmpty else {
      index = start
      throw failure(expected: what)
    }
    return value
  }

  /// The error for what stands at the current position.
  private func failure(expected: String) -> TodoError {
    let found: String
    if index >= characters.count {
      found = "the end"
    } else {
      var end = index
      while end < characters.count, end - index < 20, !characters[end].isWhitespace { end += 1 }
      found = "\"\(String(characters[index..<max(end, index + 1)]))\""
    }
    return TodoError.validation(
      field: "filter", message: "at \(index + 1): expected \(expected), found \(found)")
  }
}
