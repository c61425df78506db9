/// Why iCalendar text could not be read: the line where the problem is, and what it is.
///
/// Every parsing function of this module throws this error. `line` is the 1-based number of
/// the physical line in the input where the offending content line starts (before unfolding),
/// so a message like `line 12: END:VCALENDAR closes BEGIN:VTODO of line 5` points an editor
/// at the right place.
///
/// ```swift
/// do {
///   _ = try Component.parse(text)
/// } catch {
///   print(error.line, error.reason)  // error is an ICalendarError (typed throws)
/// }
/// ```
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The 1-based number of the physical input line where the problem starts.
  public var line: Int
  /// What is wrong on that line.
  public var reason: Reason

  /// Creates an error for a line.
  ///
  /// - Parameters:
  ///   - line: The 1-based physical line number.
  ///   - reason: What is wrong there.
  public init(line: Int, reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// The line number followed by the reason, for logs and client-facing messages.
  public var description: String {
    "line \(line): \(reason)"
  }

  /// What is wrong with a line of iCalendar text.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// The bytes of the line are not valid UTF-8.
    case invalidUTF8
    /// The text starts with a folded continuation line (a line beginning with a space or a
    /// tab) that has no line to continue.
    case continuationWithoutLine
    /// The line has no `:` between its name (and parameters) and its value.
    case missingColon
    /// The property name is empty or holds characters other than letters, digits, `-` and
    /// `_`.
    case invalidName(String)
    /// A parameter name is empty or holds characters other than letters, digits, `-` and `_`.
    case invalidParameterName(String)
    /// A parameter has no `=` and value.
    case missingParameterValue(parameter: String)
    /// A quoted parameter value has no closing `"`.
    case unterminatedQuote(parameter: String)
    /// An unquoted parameter value contains a `"`, or a quoted one is followed by something
    /// other than `,`, `;` or `:`.
    case misplacedQuote(parameter: String)
    /// A `BEGIN` or `END` line has no component name.
    case missingComponentName
    /// A `BEGIN` line has no matching `END` before the input ends.
    case missingEnd(component: String)
    /// An `END` line does not close the innermost open component.
    case mismatchedEnd(expected: String, found: String, beginLine: Int)
    /// An `END` line with no open component.
    case endWithoutBegin(component: String)
    /// A property line outside of any `BEGIN`/`END` pair.
    case propertyOutsideComponent(property: String)

    /// A sentence describing the problem.
    public var description: String {
      switch self {
      case .invalidUTF8:
        "the line is not valid UTF-8"
      case .continuationWithoutLine:
        "a folded continuation line (starting with a space or tab) has no line to continue"
      case .missingColon:
        "the line has no ':' separating the property name from its value"
      case .invalidName(let name):
        "'\(name)' is not a valid property name (letters, digits, '-' and '_' only)"
      case .invalidParameterName(let name):
        "'\(name)' is not a valid parameter name (letters, digits, '-' and '_' only)"
      case .missingParameterValue(let parameter):
        "the parameter '\(parameter)' has no '=' and value"
      case .unterminatedQuote(let parameter):
        "the quoted value of parameter '\(parameter)' has no closing '\"'"
      case .misplacedQuote(let parameter):
        "a '\"' is misplaced in the value of parameter '\(parameter)'"
      case .missingComponentName:
        "BEGIN or END without a component name"
      case .missingEnd(let component):
        "BEGIN:\(component) has no matching END:\(component)"
      case .mismatchedEnd(let expected, let found, let beginLine):
        "END:\(found) does not close BEGIN:\(expected) of line \(beginLine)"
      case .endWithoutBegin(let component):
        "END:\(component) has no matching BEGIN:\(component)"
      case .propertyOutsideComponent(let property):
        "the property \(property) is outside of any BEGIN/END component"
      }
    }
  }
}
