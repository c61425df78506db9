/// Why an `RRULE` value cannot be evaluated: the rule part at fault and what is wrong with it.
///
/// ```swift
/// do {
///   _ = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYMONTHDAY=1")
/// } catch {
///   print(error)  // "BYMONTHDAY=1 is not allowed with FREQ=WEEKLY"
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
    /// The part is not one of RFC 5545 (``RecurrenceRule/supportedParts``): a part of a
    /// later RFC such as `RSCALE` or `SKIP`, an `X-` part, or an unknown one.
    case unsupportedPart
    /// The part's value is valid but not evaluated. Every value RFC 5545 defines is
    /// evaluated; this is kept for callers that match on it.
    case unsupportedValue(String)
    /// The part's value is not valid for it: not a number, out of range, zero.
    case invalidValue(String)
    /// The rule lacks the part (`FREQ`).
    case missing
    /// The part is given more than once.
    case repeated
    /// The part's value (first) may not be used with the other part (second), as RFC 5545
    /// says: `COUNT` with `UNTIL`, `BYDAY=1MO` with `FREQ=WEEKLY`, `BYWEEKNO` in a monthly
    /// rule.
    case notAllowed(String, with: String)
    /// The part's value (first) means something only with one of the other parts (second),
    /// as `BYSETPOS` needs another `BY…` part to choose among.
    case requires(String, anyOf: [String])
  }

  /// A sentence naming the part and the problem.
  public var description: String {
    switch reason {
    case .unsupportedPart:
      "the rule part \(part) is not supported (only "
        + RecurrenceRule.supportedParts.joined(separator: ", ") + ")"
    case .unsupportedValue(let value):
      "\(part)=\(value) is not supported"
    case .invalidValue(let value):
      "'\(value)' is not a valid value for \(part)"
    case .missing:
      "the rule has no \(part)"
    case .repeated:
      "the rule part \(part) is given more than once"
    case .notAllowed(let value, let other):
      "\(part)=\(value) is not allowed with \(other)"
    case .requires(let value, let others):
      "\(part)=\(value) is not allowed without one of " + others.joined(separator: ", ")
    }
  }
}
