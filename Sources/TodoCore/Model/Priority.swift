/// How urgent a todo is, as Todoist numbers it: P1 is the most urgent, P4 the least. A todo
/// without a priority has none (`nil`), which sorts after P4.
///
/// iCalendar's `PRIORITY` runs from 1 (highest) to 9 (lowest), with 0 for none, and RFC 5545
/// groups it as high (1–4), medium (5) and low (6–9). The four levels map onto it so that a
/// client with three levels (Apple Reminders, Thunderbird, Tasks.org write 1, 5 and 9) reads
/// the group it expects:
///
/// | priority | written as `PRIORITY` | read from `PRIORITY` |
/// |---|---|---|
/// | P1 | 1 | 1 |
/// | P2 | 3 | 2, 3, 4 |
/// | P3 | 5 | 5 |
/// | P4 | 9 | 6, 7, 8, 9 |
/// | none | (no property) | 0, or none |
public enum Priority: Int, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case p1 = 1
  case p2 = 2
  case p3 = 3
  case p4 = 4

  /// The level's name: `P1` to `P4`.
  public var label: String { "P\(rawValue)" }

  /// Reads `p1`, `P2`, `3`, `!4` and the like.
  ///
  /// - Throws: `TodoError.validation(field: "priority", …)` for anything else.
  public init(parsing text: some StringProtocol) throws(TodoError) {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces))
    if digits.first == "p" || digits.first == "P" || digits.first == "!" {
      digits = digits.dropFirst()
    }
    guard digits.count == 1, let value = Int(digits), let priority = Priority(rawValue: value)
    else {
      throw TodoError.validation(
        field: "priority", message: "a priority is P1 (most urgent) to P4; got \"\(text)\"")
    }
    self = priority
  }

  /// The level an iCalendar `PRIORITY` value falls in; `nil` for 0 (undefined) and for
  /// values outside 0…9.
  public init?(iCalendar value: Int) {
    switch value {
    case 1: self = .p1
    case 2...4: self = .p2
    case 5: self = .p3
    case 6...9: self = .p4
    default: return nil
    }
  }

  /// The iCalendar `PRIORITY` value written for the level.
  public var iCalendarValue: Int {
    switch self {
    case .p1: 1
    case .p2: 3
    case .p3: 5
    case .p4: 9
    }
  }

  public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
