/// A property parameter of a content line, such as `TZID=Europe/Berlin` or
/// `MEMBER="mailto:a@example.com","mailto:b@example.com"`.
///
/// The name is kept as written and compared without regard to case
/// (``hasName(_:)``). ``values`` holds the decoded values, without quotes and with the RFC 6868
/// caret escapes (`^n`, `^'`, `^^`) turned back into a newline, `"` and `^`.
///
/// When a line is written, a value is quoted when it has to be (it contains `:`, `;` or `,`)
/// and also when it was quoted in the text it was read from, so that unchanged lines are
/// written back byte for byte. Two parameters are equal when their names and values are equal,
/// however their values were quoted.
public struct PropertyParameter: Hashable, Sendable, CustomStringConvertible {
  /// The parameter name as written, such as `TZID` or `X-APPLE-RADIUS`.
  public var name: String
  /// The parameter's values in order; most parameters have exactly one.
  public var values: [String]
  /// The values that were quoted in the text this parameter was read from.
  var quotedValues: Set<String> = []

  /// Creates a parameter with one or more values.
  ///
  /// - Parameters:
  ///   - name: The parameter name, such as `RELTYPE`.
  ///   - values: The unquoted, unescaped values.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }

  /// Creates a parameter with a single value.
  ///
  /// - Parameters:
  ///   - name: The parameter name, such as `TZID`.
  ///   - value: The unquoted, unescaped value.
  public init(name: String, value: String) {
    self.init(name: name, values: [value])
  }

  /// The first value, or an empty string when there is none: the whole value of a
  /// single-valued parameter.
  public var value: String {
    values.first ?? ""
  }

  /// Whether this parameter's name is `name`, ignoring case.
  ///
  /// - Parameter name: The name to compare with, such as `"tzid"`.
  public func hasName(_ name: String) -> Bool {
    self.name.equalsIgnoringASCIICase(name)
  }

  /// The parameter as written in a content line, such as `X-TITLE="Home, sweet home"`.
  public var description: String {
    var text = name + "="
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      text += Self.encode(value, quoted: quotedValues.contains(value))
    }
    return text
  }

  /// Whether `value` must be quoted in a content line: it contains `:`, `;` or `,`.
  ///
  /// - Parameter value: An unescaped parameter value.
  public static func needsQuotes(_ value: String) -> Bool {
    value.utf8.contains {
      $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",")
    }
  }

  /// The text of one value in a content line: RFC 6868 caret-encoded, and quoted when it has
  /// to be or when `quoted` asks for it.
  static func encode(_ value: String, quoted: Bool) -> String {
    var text = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "^": text += "^^"
      case "\"": text += "^'"
      case "\n": text += "^n"
      case "\r": break
      default: text.unicodeScalars.append(scalar)
      }
    }
    return quoted || needsQuotes(value) ? "\"" + text + "\"" : text
  }

  /// The value of RFC 6868 caret-encoded text: `^n` is a newline, `^'` a `"`, `^^` a `^`; a
  /// caret before anything else is kept as it is.
  static func decode(_ text: Substring) -> String {
    text.resolvingEscapes("^") { code in
      switch code {
      case "n": "\n"
      case "'": "\""
      case "^": "^"
      default: nil
      }
    }
  }

  /// Whether two parameters have the same name and values, however the values were quoted.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.values == rhs.values
  }

  /// Hashes the name and values, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(values)
  }
}
