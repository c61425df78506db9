// MARK: - Reading an RRULE value

extension RecurrenceRule {
  /// Reads the value of an `RRULE` property, such as `FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10`.
  ///
  /// Part names and values are read without regard to case, in any order.
  ///
  /// - Parameter text: The property value.
  /// - Throws: ``RecurrenceRuleError`` naming the part at fault: a part RFC 5545 does not
  ///   define, a value that is not valid (not a number, zero, out of range), a part given
  ///   twice, no `FREQ`, or parts RFC 5545 does not allow together (see
  ///   ``RecurrenceRuleError/Reason/notAllowed(_:with:)``).
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
    let reader = PartReader(parts: parts)

    guard let freq = parts["FREQ"] else {
      throw RecurrenceRuleError(part: "FREQ", reason: .missing)
    }
    guard let frequency = Frequency(rawValue: freq) else { throw reader.invalid("FREQ") }
    self.frequency = frequency
    interval = try reader.number("INTERVAL", in: 1...Int.max) ?? 1
    count = try reader.number("COUNT", in: 1...Int.max)
    until = try parts["UNTIL"].map { value throws(RecurrenceRuleError) in
      guard let until = DateOrDateTime(parsing: value) else { throw reader.invalid("UNTIL") }
      return until
    }
    bySecond = try reader.numbers("BYSECOND", in: 0...60)
    byMinute = try reader.numbers("BYMINUTE", in: 0...59)
    byHour = try reader.numbers("BYHOUR", in: 0...23)
    byDay = try reader.list("BYDAY", Self.weekdayNumber)
    byMonthDay = try reader.numbers("BYMONTHDAY", in: 1...31, signed: true)
    byYearDay = try reader.numbers("BYYEARDAY", in: 1...366, signed: true)
    byWeekNo = try reader.numbers("BYWEEKNO", in: 1...53, signed: true)
    byMonth = try reader.numbers("BYMONTH", in: 1...12)
    bySetPos = try reader.numbers("BYSETPOS", in: 1...366, signed: true)
    weekStart =
      try parts["WKST"].map { value throws(RecurrenceRuleError) in
        guard let day = Weekday(code: value) else { throw reader.invalid("WKST") }
        return day
      } ?? .monday
    try validate()
  }

  /// Reads one `BYDAY` entry: an optional signed ordinal (1 to 53) and two letters.
  private static func weekdayNumber(_ item: Substring) -> WeekdayNumber? {
    guard item.count >= 2, let weekday = Weekday(code: item.suffix(2)) else { return nil }
    let number = item.dropLast(2)
    guard !number.isEmpty else { return WeekdayNumber(nil, weekday) }
    guard let ordinal = Int(number), (1...53).contains(abs(ordinal)) else { return nil }
    return WeekdayNumber(ordinal, weekday)
  }
}

/// Reads the values of the parts of one rule, naming the part in the error it throws.
private struct PartReader {
  let parts: [String: String]

  /// The error for a part whose value is not valid.
  func invalid(_ part: String) -> RecurrenceRuleError {
    RecurrenceRuleError(part: part, reason: .invalidValue(parts[part] ?? ""))
  }

  /// A part's value as one number in `range`, or `nil` when the part is absent.
  func number(_ part: String, in range: ClosedRange<Int>) throws(RecurrenceRuleError) -> Int? {
    guard let value = parts[part] else { return nil }
    guard let number = Int(value), range.contains(number) else { throw invalid(part) }
    return number
  }

  /// A part's comma-separated numbers, each in `range` (or, when `signed`, its negation).
  func numbers(_ part: String, in range: ClosedRange<Int>, signed: Bool = false)
    throws(RecurrenceRuleError) -> [Int]
  {
    try list(part) { item in
      Int(item).flatMap { range.contains(signed ? abs($0) : $0) ? $0 : nil }
    }
  }

  /// A part's comma-separated items, each read by `read`; empty when the part is absent.
  func list<T>(_ part: String, _ read: (Substring) -> T?) throws(RecurrenceRuleError) -> [T] {
    guard let value = parts[part] else { return [] }
    var items: [T] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      guard let read = read(item) else { throw invalid(part) }
      items.append(read)
    }
    return items
  }
}
