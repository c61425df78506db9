extension ContentLine {
  /// Creates a line with a TEXT value, escaping it.
  ///
  /// - Parameters:
  ///   - name: The property name, such as `SUMMARY`.
  ///   - text: The plain text.
  public init(name: String, text: String) {
    self.init(name: name, value: TextValue.escape(text))
  }

  /// Creates a line with an INTEGER value.
  ///
  /// - Parameters:
  ///   - name: The property name, such as `PRIORITY`.
  ///   - integer: The number.
  public init(name: String, integer: Int) {
    self.init(name: name, value: String(integer))
  }

  /// Creates a line with a DATE or DATE-TIME value and the `VALUE` or `TZID` parameter it
  /// needs.
  ///
  /// - Parameters:
  ///   - name: The property name, such as `DUE`.
  ///   - dateOrDateTime: The value.
  public init(name: String, dateOrDateTime: DateOrDateTime) {
    self.init(name: name, value: "")
    setDateOrDateTime(dateOrDateTime)
  }

  /// The value read as TEXT, with its escapes resolved.
  public var textValue: String {
    TextValue.unescape(value)
  }

  /// The value read as a comma-separated list of TEXT, as in `CATEGORIES`.
  public var textListValue: [String] {
    TextValue.unescapeList(value)
  }

  /// The value read as an INTEGER, or `nil` when it is not one.
  public var integerValue: Int? {
    Int(value.trimmingBlanks())
  }

  /// The value read as a DATE or DATE-TIME with this line's `TZID` parameter, or `nil` when
  /// it is neither.
  public var dateOrDateTimeValue: DateOrDateTime? {
    DateOrDateTime(parsing: value.trimmingBlanks(), tzid: parameter(named: "TZID")?.value)
  }

  /// Sets a TEXT value, escaping it.
  ///
  /// - Parameter text: The plain text.
  public mutating func setText(_ text: String) {
    value = TextValue.escape(text)
  }

  /// Sets a list of TEXT values, escaping each and joining them with commas.
  ///
  /// - Parameter texts: The plain texts.
  public mutating func setTextList(_ texts: [String]) {
    value = TextValue.escapeList(texts)
  }

  /// Sets an INTEGER value.
  ///
  /// - Parameter integer: The number.
  public mutating func setInteger(_ integer: Int) {
    value = String(integer)
  }

  /// Sets a DATE or DATE-TIME value, and the parameters that say which it is.
  ///
  /// A date sets `VALUE=DATE` and removes `TZID`; a date-time removes `VALUE=DATE` (keeping an
  /// explicit `VALUE=DATE-TIME`) and sets or removes `TZID` for its form. Other parameters are
  /// kept where they are.
  ///
  /// - Parameter dateOrDateTime: The value.
  public mutating func setDateOrDateTime(_ dateOrDateTime: DateOrDateTime) {
    let valueType = parameter(named: "VALUE")?.value.uppercased()
    switch dateOrDateTime {
    case .date:
      if valueType != "DATE" { setParameter("VALUE", value: "DATE") }
      removeParameter(named: "TZID")
    case .dateTime(_, _, let form):
      if valueType != nil && valueType != "DATE-TIME" { removeParameter(named: "VALUE") }
      if case .zoned(let tzid) = form {
        if parameter(named: "TZID")?.values != [tzid] { setParameter("TZID", value: tzid) }
      } else {
        removeParameter(named: "TZID")
      }
    }
    value = dateOrDateTime.text
  }
}
