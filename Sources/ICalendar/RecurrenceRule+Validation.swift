// MARK: - Parts that RFC 5545 does not allow together

extension RecurrenceRule {
  /// The `BY…` parts that `BYSETPOS` chooses among.
  static let setPositionParts = [
    "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH",
  ]

  /// Throws when the parts read are each valid but RFC 5545 section 3.3.10 does not allow
  /// them together, so that a rule whose meaning the RFC leaves open is never evaluated.
  func validate() throws(RecurrenceRuleError) {
    let freq = "FREQ=" + frequency.rawValue
    if let count, until != nil {
      throw RecurrenceRuleError(part: "COUNT", reason: .notAllowed(String(count), with: "UNTIL"))
    }
    // Ordinals count within a month or a year, so only monthly and yearly rules have them;
    // a yearly rule's weeks (BYWEEKNO) leave it unclear which year or month they count in.
    if let numbered = byDay.first(where: { $0.ordinal != nil }) {
      if frequency != .monthly && frequency != .yearly {
        throw RecurrenceRuleError(part: "BYDAY", reason: .notAllowed(numbered.text, with: freq))
      }
      if frequency == .yearly && !byWeekNo.isEmpty {
        throw RecurrenceRuleError(
          part: "BYDAY", reason: .notAllowed(numbered.text, with: "BYWEEKNO"))
      }
    }
    if frequency == .weekly, let day = byMonthDay.first {
      throw RecurrenceRuleError(part: "BYMONTHDAY", reason: .notAllowed(String(day), with: freq))
    }
    if [.daily, .weekly, .monthly].contains(frequency), let day = byYearDay.first {
      throw RecurrenceRuleError(part: "BYYEARDAY", reason: .notAllowed(String(day), with: freq))
    }
    if frequency != .yearly, let week = byWeekNo.first {
      throw RecurrenceRuleError(part: "BYWEEKNO", reason: .notAllowed(String(week), with: freq))
    }
    let hasOtherPart =
      !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty
      && byMonthDay.isEmpty && byYearDay.isEmpty && byWeekNo.isEmpty && byMonth.isEmpty)
    if let position = bySetPos.first, !hasOtherPart {
      throw RecurrenceRuleError(
        part: "BYSETPOS",
        reason: .requires(String(position), anyOf: Self.setPositionParts))
    }
  }
}
