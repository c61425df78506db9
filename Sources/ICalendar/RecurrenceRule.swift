/// An RFC 5545 recurrence rule, the value of an `RRULE` property, as far as a repeating todo
/// needs it: what to compute when a todo such as "water the plants every other Monday" is
/// completed and must move to its next date.
///
/// The rule parts understood are `FREQ` (`DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`), `INTERVAL`,
/// `COUNT`, `UNTIL`, `BYDAY` (with ordinals such as `1MO` or `-1FR` for monthly and yearly
/// rules), `BYMONTHDAY` (negative days count from the end of the month), `BYMONTH` and
/// `WKST`. A rule with any other part (`BYSETPOS`, `BYYEARDAY`, `BYWEEKNO`, `BYHOUR`…) or a
/// finer frequency (`HOURLY`, `MINUTELY`, `SECONDLY`) is refused with a
/// ``RecurrenceRuleError`` naming that part, so that a caller never moves a todo to a date the
/// rule does not give; the `RRULE` line itself is kept as it was either way.
///
/// ```swift
/// let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=1FR;COUNT=10")
/// let start = DateOrDateTime(parsing: "19970905T090000", tzid: "America/New_York")!
/// rule.occurrence(after: start, start: start)?.text  // "19971003T090000"
/// ```
///
/// ``occurrence(after:start:utcOffset:)`` gives the occurrence after another, and
/// ``nextDue(after:start:utcOffset:)`` the `DUE` of a repeating todo's next instance.
public struct RecurrenceRule: Hashable, Sendable {
  /// How often the rule repeats (`FREQ`), before `INTERVAL` and the `BY…` parts.
  public enum Frequency: String, Hashable, Sendable, CaseIterable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  /// A day of the week, written `MO` to `SU`.
  public enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two letters RFC 5545 writes it with, such as `MO`.
    public var code: String {
      ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue]
    }

    /// Reads `MO` to `SU`.
    init?(code: some StringProtocol) {
      guard let day = Self.allCases.first(where: { $0.code == code }) else { return nil }
      self = day
    }
  }

  /// One `BYDAY` entry: a weekday, and for monthly and yearly rules optionally which one of
  /// the month or year (`1MO` the first Monday, `-1FR` the last Friday).
  public struct WeekdayNumber: Hashable, Sendable {
    /// Which of the month's or year's such weekdays: 1 the first, -1 the last; `nil` for all.
    public let ordinal: Int?
    /// The weekday.
    public let weekday: Weekday

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - ordinal: 1 to 53 or -53 to -1, or `nil` for every such weekday.
    ///   - weekday: The day of the week.
    public init(_ ordinal: Int? = nil, _ weekday: Weekday) {
      self.ordinal = ordinal
      self.weekday = weekday
    }
  }

  /// `FREQ`.
  public let frequency: Frequency
  /// `INTERVAL`: every how many periods of the frequency, 1 or more.
  public let interval: Int
  /// `COUNT`: how many occurrences there are in all, the start included.
  public let count: Int?
  /// `UNTIL`: the last moment an occurrence may have (inclusive).
  public let until: DateOrDateTime?
  /// `BYDAY`, in the order written.
  public let byDay: [WeekdayNumber]
  /// `BYMONTHDAY`: 1 to 31, or -31 to -1 counting from the end of the month.
  public let byMonthDay: [Int]
  /// `BYMONTH`: 1 to 12.
  public let byMonth: [Int]
  /// `WKST`: the day weeks start on (Monday unless written).
  public let weekStart: Weekday

  /// The rule parts this type evaluates; any other part is refused.
  public static let supportedParts = [
    "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "WKST",
  ]

  /// Reads the value of an `RRULE` property, such as `FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10`.
  ///
  /// Part names and values are read without regard to case, in any order.
  ///
  /// - Parameter text: The property value.
  /// - Throws: ``RecurrenceRuleError`` naming the part at fault: one this type cannot
  ///   evaluate, a value that is not valid, a part given twice, `COUNT` with `UNTIL`, an
  ///   ordinal `BYDAY` in a daily or weekly rule, `BYMONTHDAY` in a weekly rule, or no `FREQ`.
  public init(parsing text: some StringProtocol) throws(RecurrenceRuleError) {
    var parts: [String: String] = [:]
    for segment in text.uppercased().split(separator: ";") {
      let pair = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(String(pair[0]).trimmingBlanks())
      let value = pair.count == 2 ? String(String(pair[1]).trimmingBlanks()) : ""
      guard Self.supportedParts.contains(name) else {
        throw RecurrenceRuleError(part: name, reason: .unsupportedPart)
      }
      guard parts.updateValue(value, forKey: name) == nil else {
        throw RecurrenceRuleError(part: name, reason: .repeated)
      }
    }
    func invalid(_ part: String) -> RecurrenceRuleError {
      RecurrenceRuleError(part: part, reason: .invalidValue(parts[part] ?? ""))
    }
    func list<T>(_ part: String, _ read: (Substring) -> T?) throws(RecurrenceRuleError) -> [T] {
      guard let value = parts[part] else { return [] }
      var items: [T] = []
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        guard let read = read(item) else { throw invalid(part) }
        items.append(read)
      }
      return items
    }

    guard let freq = parts["FREQ"] else {
      throw RecurrenceRuleError(part: "FREQ", reason: .missing)
    }
    guard let frequency = Frequency(rawValue: freq) else {
      if ["HOURLY", "MINUTELY", "SECONDLY"].contains(freq) {
        throw RecurrenceRuleError(part: "FREQ", reason: .unsupportedValue(freq))
      }
      throw invalid("FREQ")
    }
    self.frequency = frequency
    interval =
      try parts["INTERVAL"].map { value throws(RecurrenceRuleError) in
        guard let number = Int(value), number >= 1 else { throw invalid("INTERVAL") }
        return number
      } ?? 1
    count = try parts["COUNT"].map { value throws(RecurrenceRuleError) in
      guard let number = Int(value), number >= 1 else { throw invalid("COUNT") }
      return number
    }
    until = try parts["UNTIL"].map { value throws(RecurrenceRuleError) in
      guard let until = DateOrDateTime(parsing: value) else { throw invalid("UNTIL") }
      return until
    }
    if let count, until != nil {
      throw RecurrenceRuleError(part: "COUNT", reason: .notAllowed(String(count), with: "UNTIL"))
    }
    byDay = try list("BYDAY", Self.weekdayNumber)
    byMonthDay = try list("BYMONTHDAY") { item in
      Int(item).flatMap { (1...31).contains(abs($0)) ? $0 : nil }
    }
    byMonth = try list("BYMONTH") { item in Int(item).flatMap { (1...12).contains($0) ? $0 : nil } }
    weekStart =
      try parts["WKST"].map { value throws(RecurrenceRuleError) in
        guard let day = Weekday(code: value) else { throw invalid("WKST") }
        return day
      } ?? .monday
    if frequency == .daily || frequency == .weekly,
      let numbered = byDay.first(where: { $0.ordinal != nil })
    {
      throw RecurrenceRuleError(
        part: "BYDAY",
        reason: .notAllowed(Self.text(of: numbered), with: "FREQ=\(frequency.rawValue)"))
    }
    if frequency == .weekly, let day = byMonthDay.first {
      throw RecurrenceRuleError(
        part: "BYMONTHDAY", reason: .notAllowed(String(day), with: "FREQ=WEEKLY"))
    }
  }

  /// Reads one `BYDAY` entry: an optional signed ordinal (1 to 53) and two letters.
  private static func weekdayNumber(_ item: Substring) -> WeekdayNumber? {
    guard item.count >= 2, let weekday = Weekday(code: item.suffix(2)) else { return nil }
    let number = item.dropLast(2)
    guard !number.isEmpty else { return WeekdayNumber(nil, weekday) }
    guard let ordinal = Int(number), (1...53).contains(abs(ordinal)) else { return nil }
    return WeekdayNumber(ordinal, weekday)
  }

  /// A `BYDAY` entry as written: `MO`, `1MO`, `-1FR`.
  private static func text(of day: WeekdayNumber) -> String {
    (day.ordinal.map(String.init) ?? "") + day.weekday.code
  }
}

/// Why an `RRULE` value cannot be evaluated: the rule part at fault and what is wrong with it.
///
/// ```swift
/// do {
///   _ = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1")
/// } catch {
///   print(error)  // "the rule part BYSETPOS is not supported (only FREQ, INTERVAL, …)"
/// }
/// ```
public struct RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rule part at fault, in capitals, such as `BYSETPOS` or `FREQ`.
  public var part: String
  /// What is wrong with it.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - part: The rule part at fault.
  ///   - reason: What is wrong with it.
  public init(part: String, reason: Reason) {
    self.part = part
    self.reason = reason
  }

  /// What is wrong with a rule part.
  public enum Reason: Hashable, Sendable {
    /// The part is not one that ``RecurrenceRule`` evaluates (`BYSETPOS`, `BYYEARDAY`,
    /// `BYWEEKNO`, `BYHOUR`, `BYMINUTE`, `BYSECOND`, `RSCALE`, `SKIP` or an unknown part).
    case unsupportedPart
    /// The part's value is valid but not evaluated, such as `FREQ=HOURLY`.
    case unsupportedValue(String)
    /// The part's value is not valid for it.
    case invalidValue(String)
    /// The rule lacks the part (`FREQ`).
    case missing
    /// The part is given more than once.
    case repeated
    /// The part's value (first) may not be used with the other part (second), as RFC 5545
    /// says: `COUNT` with `UNTIL`, `BYDAY=1MO` with `FREQ=WEEKLY`.
    case notAllowed(String, with: String)
  }

  /// A sentence naming the part and the problem.
  public var description: String {
    switch reason {
    case .unsupportedPart:
      "the rule part \(part) is not supported (only "
        + RecurrenceRule.supportedParts.joined(separator: ", ") + ")"
    case .unsupportedValue(let value):
      "\(part)=\(value) is not supported"
        + (part == "FREQ" ? " (only DAILY, WEEKLY, MONTHLY and YEARLY)" : "")
    case .invalidValue(let value):
      "'\(value)' is not a valid value for \(part)"
    case .missing:
      "the rule has no \(part)"
    case .repeated:
      "the rule part \(part) is given more than once"
    case .notAllowed(let value, let other):
      "\(part)=\(value) is not allowed with \(other)"
    }
  }
}
