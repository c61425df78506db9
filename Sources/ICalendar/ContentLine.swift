/// One content line of iCalendar text: a property such as
/// `DUE;TZID=Europe/Berlin:20261124T090000`, or a `BEGIN`/`END` line.
///
/// A content line is kept exactly as it was read: the name as written (`summary` stays
/// lowercase), the parameters in their order with their values, and the raw value text with
/// its escapes. Names are compared without regard to case (``hasName(_:)``), as RFC 5545
/// requires. Typed views of the value are in ``textValue``, ``textListValue``,
/// ``integerValue`` and ``dateOrDateTimeValue``.
///
/// ```swift
/// let line = try ContentLine(parsing: #"X-FOO;X-PARAM="a,b":v"#)
/// line.parameter(named: "x-param")?.value  // "a,b"
/// line.folded()                            // "X-FOO;X-PARAM=\"a,b\":v\r\n"
/// ```
///
/// The raw ``value`` must not contain a carriage return or a line feed: TEXT values encode a
/// newline as `\n` (``TextValue/escape(_:)``).
public struct ContentLine: Hashable, Sendable, CustomStringConvertible {
  /// The property name as written, such as `SUMMARY` or `X-APPLE-SORT-ORDER`.
  public var name: String
  /// The parameters in the order they were written.
  public var parameters: [PropertyParameter]
  /// The value exactly as written after the first unquoted `:`, with its escapes.
  public var value: String

  /// Creates a content line.
  ///
  /// - Parameters:
  ///   - name: The property name, such as `SUMMARY`.
  ///   - parameters: The parameters, in order.
  ///   - value: The raw value text, already escaped for its value type.
  public init(name: String, parameters: [PropertyParameter] = [], value: String) {
    self.name = name
    self.parameters = parameters
    self.value = value
  }

  /// Whether this line's name is `name`, ignoring case.
  ///
  /// - Parameter name: The name to compare with, such as `"DUE"`.
  public func hasName(_ name: String) -> Bool {
    self.name.equalsIgnoringASCIICase(name)
  }

  /// The first parameter called `name` (ignoring case), if any.
  ///
  /// - Parameter name: A parameter name, such as `"TZID"`.
  public func parameter(named name: String) -> PropertyParameter? {
    parameters.first { $0.hasName(name) }
  }

  /// Sets the parameter called `name` to `values`: the first such parameter is changed in
  /// place, any others are removed, and when there is none it is appended.
  ///
  /// - Parameters:
  ///   - name: The parameter name, such as `"TZID"`.
  ///   - values: Its new values, unquoted and unescaped.
  public mutating func setParameter(_ name: String, values: [String]) {
    guard let index = parameters.firstIndex(where: { $0.hasName(name) }) else {
      parameters.append(PropertyParameter(name: name, values: values))
      return
    }
    if parameters[index].values != values {
      parameters[index].values = values
    }
    var position = index + 1
    while position < parameters.count {
      if parameters[position].hasName(name) {
        parameters.remove(at: position)
      } else {
        position += 1
      }
    }
  }

  /// Sets the single-valued parameter called `name` to `value`, as
  /// ``setParameter(_:values:)`` does.
  ///
  /// - Parameters:
  ///   - name: The parameter name, such as `"VALUE"`.
  ///   - value: Its new value, unquoted and unescaped.
  public mutating func setParameter(_ name: String, value: String) {
    setParameter(name, values: [value])
  }

  /// Removes every parameter called `name` (ignoring case).
  ///
  /// - Parameter name: The parameter name, such as `"TZID"`.
  public mutating func removeParameter(named name: String) {
    parameters.removeAll { $0.hasName(name) }
  }

  /// The line as one unfolded line of text, without a line break: name, parameters, `:` and
  /// the raw value.
  public var description: String {
    var text = name
    for parameter in parameters {
      text += ";"
      text += parameter.description
    }
    return text + ":" + value
  }

  /// The line as written to an iCalendar stream: folded at 75 octets and ended with CRLF.
  ///
  /// - Returns: One or more physical lines, each ending in `"\r\n"`.
  public func folded() -> String {
    LineFolding.fold(description)
  }
}
