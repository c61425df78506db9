import Foundation
import ICalendar
import Persistence

/// How a todo repeats: an RFC 5545 rule, and what its next date is counted from.
///
/// "Water the plants every Monday" repeats *on schedule*: done on Wednesday, it is next due
/// on Monday. "Clean the filter every 3 days after done" (Todoist's `every!`, Things' repeat
/// after completion) repeats *after completion*: done on Wednesday, it is next due on
/// Saturday, whatever its deadline was.
///
/// ```swift
/// let weekly = try Recurrence(rule: "FREQ=WEEKLY;BYDAY=MO")
/// let filter = try Recurrence(rule: "FREQ=DAILY;INTERVAL=3", mode: .afterCompletion)
/// ```
public struct Recurrence: Hashable, Sendable {
  /// What the next date is counted from.
  public enum Mode: String, Codable, Hashable, Sendable, CaseIterable {
    /// The rule's next occurrence after the one done (Todoist's `every`).
    case schedule
    /// The rule applied from the day it was done (Todoist's `every!`).
    case afterCompletion = "after-completion"
  }

  /// The rule's text as it was given, `FREQ=WEEKLY;BYDAY=MO`: stored and sent back as
  /// written, so that a calendar client finds its own rule again.
  public let ruleText: String
  /// The rule, read from ``ruleText``.
  public let rule: RecurrenceRule
  /// What the next date is counted from.
  public var mode: Mode

  /// Reads a rule written as RFC 5545 writes it (`FREQ=WEEKLY;BYDAY=MO`; an `RRULE:` prefix is
  /// allowed).
  ///
  /// - Throws: `TodoError.validation` on the field `repeat`, saying which part of the rule is
  ///   wrong.
  public init(rule text: String, mode: Mode = .schedule) throws(TodoError) {
    var value = Substring(text.trimmingCharacters(in: .whitespaces))
    if value.uppercased().hasPrefix("RRULE:") { value = value.dropFirst(6) }
    guard !value.isEmpty else {
      throw .validation(field: "repeat", message: "a repeat rule cannot be empty")
    }
    do {
      rule = try RecurrenceRule(parsing: value)
    } catch {
      throw .validation(field: "repeat", message: "\(error)")
    }
    ruleText = String(value)
    self.mode = mode
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ruleText == rhs.ruleText && lhs.mode == rhs.mode
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ruleText)
    hasher.combine(mode)
  }
}

extension Recurrence: Codable {
  private enum CodingKeys: String, CodingKey {
    case rule
    case mode
  }

  /// Reads `{"rule": "FREQ=WEEKLY;BYDAY=MO", "mode": "schedule"}`; `mode` may be absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .rule)
    let mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .schedule
    do {
      try self.init(rule: text, mode: mode)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .rule, in: container, debugDescription: error.description)
    }
  }

  /// Writes `{"rule": …, "mode": …}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ruleText, forKey: .rule)
    try container.encode(mode, forKey: .mode)
  }
}

extension Recurrence.Mode: AttributeValue {}
