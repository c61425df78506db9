extension ContentLine {
  /// Reads one unfolded content line, such as `DUE;VALUE=DATE:20261124`.
  ///
  /// - Parameter text: The line, without a line end.
  /// - Throws: ``ICalendarError`` (at line 1) when the text is not a content line.
  public init(parsing text: String) throws(ICalendarError) {
    self = try ContentLineParser.parse(Array(text.utf8), line: 1, validatingUTF8: false)
  }

  /// Reads every content line of iCalendar text, unfolding it first.
  ///
  /// - Parameter text: iCalendar text with CRLF or LF line ends.
  /// - Returns: The content lines in order; blank lines are skipped.
  /// - Throws: ``ICalendarError`` with the number of the first bad line.
  public static func parseLines(_ text: String) throws(ICalendarError) -> [ContentLine] {
    try LineFolding.logicalLines(Array(text.utf8)).map { (line) throws(ICalendarError) in
      try ContentLineParser.parse(line.bytes, line: line.number, validatingUTF8: false)
    }
  }
}

/// Splits the bytes of one unfolded line into name, parameters and value.
enum ContentLineParser {
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let comma = UInt8(ascii: ",")
  static let equals = UInt8(ascii: "=")
  static let quote = UInt8(ascii: "\"")

  /// Parses one logical line.
  ///
  /// - Parameters:
  ///   - bytes: The unfolded line.
  ///   - line: Its physical line number, for errors.
  ///   - validatingUTF8: Whether to check that the bytes are UTF-8 (they come from bytes
  ///     rather than from a `String`).
  static func parse(
    _ bytes: [UInt8], line: Int, validatingUTF8: Bool
  ) throws(ICalendarError) -> ContentLine {
    func fail(_ reason: ICalendarError.Reason) -> ICalendarError {
      ICalendarError(line: line, reason: reason)
    }
    if validatingUTF8 && String(validating: bytes, as: UTF8.self) == nil {
      throw fail(.invalidUTF8)
    }
    guard bytes.contains(colon) else { throw fail(.missingColon) }
    let end = bytes.count
    var index = 0
    while index < end && bytes[index] != colon && bytes[index] != semicolon { index += 1 }
    let name = bytes[0..<index]
    guard isName(name) else { throw fail(.invalidName(text(name))) }

    var parameters: [PropertyParameter] = []
    while index < end && bytes[index] == semicolon {
      index += 1
      let nameStart = index
      while index < end && !isOneOf(bytes[index], equals, colon, semicolon) { index += 1 }
      let parameterName = text(bytes[nameStart..<index])
      guard isName(bytes[nameStart..<index]) else {
        throw fail(.invalidParameterName(parameterName))
      }
      guard index < end && bytes[index] == equals else {
        throw fail(.missingParameterValue(parameter: parameterName))
      }
      index += 1
      var parameter = PropertyParameter(name: parameterName, values: [])
      while true {
        let value: String
        if index < end && bytes[index] == quote {
          guard let closing = bytes[(index + 1)...].firstIndex(of: quote) else {
            throw fail(.unterminatedQuote(parameter: parameterName))
          }
          value = PropertyParameter.decode(text(bytes[(index + 1)..<closing])[...])
          parameter.quotedValues.insert(value)
          index = closing + 1
          guard index == end || isOneOf(bytes[index], comma, semicolon, colon) else {
            throw fail(.misplacedQuote(parameter: parameterName))
          }
        } else {
          let valueStart = index
          while index < end && !isOneOf(bytes[index], comma, semicolon, colon) {
            if bytes[index] == quote { throw fail(.misplacedQuote(parameter: parameterName)) }
            index += 1
          }
          value = PropertyParameter.decode(text(bytes[valueStart..<index])[...])
        }
        parameter.values.append(value)
        guard index < end && bytes[index] == comma else { break }
        index += 1
      }
      parameters.append(parameter)
    }
    guard index < end && bytes[index] == colon else { throw fail(.missingColon) }
    return ContentLine(
      name: text(name), parameters: parameters, value: text(bytes[(index + 1)...]))
  }

  /// Whether `byte` is one of three delimiters.
  static func isOneOf(_ byte: UInt8, _ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
    byte == first || byte == second || byte == third
  }

  /// Whether `bytes` is a non-empty name of letters, digits, `-` and `_`.
  static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
    !bytes.isEmpty
      && bytes.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
      }
  }

  static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
