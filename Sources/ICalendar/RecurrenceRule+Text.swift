// MARK: - Writing a rule

extension RecurrenceRule: CustomStringConvertible {
  /// The rule in canonical RFC 5545 form: its parts in the order of the RFC's grammar
  /// (``supportedParts``), numbers without a plus sign, `INTERVAL=1` and `WKST=MO` left out.
  ///
  /// Reading the text back gives an equal rule.
  ///
  /// ```swift
  /// try RecurrenceRule(parsing: "byday=mo,we;wkst=mo;freq=weekly;interval=1").text
  /// // "FREQ=WEEKLY;BYDAY=MO,WE"
  /// ```
  public var text: String {
    var parts = ["FREQ=" + frequency.rawValue]
    if let until { parts.append("UNTIL=" + until.text) }
    if let count { parts.append("COUNT=\(count)") }
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    func add(_ name: String, _ values: [String]) {
      if !values.isEmpty { parts.append(name + "=" + values.joined(separator: ",")) }
    }
    add("BYSECOND", bySecond.map(String.init))
    add("BYMINUTE", byMinute.map(String.init))
    add("BYHOUR", byHour.map(String.init))
    add("BYDAY", byDay.map(\.text))
    add("BYMONTHDAY", byMonthDay.map(String.init))
    add("BYYEARDAY", byYearDay.map(String.init))
    add("BYWEEKNO", byWeekNo.map(String.init))
    add("BYMONTH", byMonth.map(String.init))
    add("BYSETPOS", bySetPos.map(String.init))
    if weekStart != .monday { parts.append("WKST=" + weekStart.code) }
    return parts.joined(separator: ";")
  }

  /// The rule in canonical form, as ``text``.
  public var description: String {
    text
  }
}
