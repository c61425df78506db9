import Foundation
import ICalendar
import TodoCore

/// The `CALDAV:filter` of a `calendar-query` (RFC 4791 9.7), evaluated on a resource's
/// `VCALENDAR`: nested `comp-filter`s, `prop-filter`s and `param-filter`s, with
/// `is-not-defined` (how clients ask for open tasks: no `COMPLETED`), `text-match`
/// (`i;ascii-casemap` or `i;octet`, `negate-condition`) and `time-range` (the `VTODO` rules of
/// RFC 4791 9.9, and a date property's value).
struct CalendarQueryFilter {
  let root: DAVElement

  /// Why a filter cannot be evaluated (a `CALDAV:valid-filter` error).
  struct Invalid: Error, CustomStringConvertible {
    var description: String
  }

  /// A `text-match` in a collation the server does not have (a `CALDAV:supported-collation`
  /// error): never matched some other way.
  struct UnsupportedCollation: Error, CustomStringConvertible {
    var collation: String
    var description: String {
      "the collation \(collation) is not supported: use i;ascii-casemap or i;octet"
    }
  }

  /// The filter of a `calendar-query` body; one that names no component matches every
  /// resource.
  init(_ filter: DAVElement) throws {
    guard let top = filter.child(.caldav("comp-filter")) else {
      throw Invalid(description: "the filter has no comp-filter")
    }
    guard top.attributes["name"]?.uppercased() == "VCALENDAR" else {
      throw Invalid(description: "the outer comp-filter names VCALENDAR")
    }
    try Self.check(top)
    self.root = top
  }

  /// Whether a resource's calendar matches.
  func matches(_ calendar: Component) -> Bool {
    Self.matches(root, calendar, in: nil)
  }

  // MARK: - Evaluation

  /// Whether `component` (one of `parent`'s, which holds the occurrences a client changed on
  /// their own) matches a `comp-filter`. A repeating todo matches a `time-range` when any of
  /// its instances does (RFC 4791 9.9).
  private static func matches(_ filter: DAVElement, _ component: Component, in parent: Component?)
    -> Bool
  {
    if filter.child(.caldav("is-not-defined")) != nil { return false }
    if let range = filter.child(.caldav("time-range")) {
      let (start, end) = bounds(range)
      guard RecurrenceSet(master: component, in: parent).overlaps(start, end) else { return false }
    }
    for property in filter.children(.caldav("prop-filter")) {
      guard matches(property, in: component) else { return false }
    }
    for inner in filter.children(.caldav("comp-filter")) {
      let name = inner.attributes["name"] ?? ""
      let members = component.components(named: name)
      if inner.child(.caldav("is-not-defined")) != nil {
        if !members.isEmpty { return false }
        continue
      }
      guard members.contains(where: { matches(inner, $0, in: component) }) else { return false }
    }
    return true
  }

  private static func matches(_ filter: DAVElement, in component: Component) -> Bool {
    let lines = component.properties(named: filter.attributes["name"] ?? "")
    if filter.child(.caldav("is-not-defined")) != nil { return lines.isEmpty }
    return lines.contains { line in
      if let range = filter.child(.caldav("time-range")) {
        guard let value = line.dateOrDateTimeValue, let moment = TodoCalendar.instant(value),
          within(moment, range)
        else { return false }
      }
      if let match = filter.child(.caldav("text-match")), !textMatches(match, line.textValue) {
        return false
      }
      for parameter in filter.children(.caldav("param-filter")) {
        let found = line.parameter(named: parameter.attributes["name"] ?? "")
        if parameter.child(.caldav("is-not-defined")) != nil {
          if found != nil { return false }
          continue
        }
        guard let found else { return false }
        if let match = parameter.child(.caldav("text-match")), !textMatches(match, found.value) {
          return false
        }
      }
      return true
    }
  }

  private static func textMatches(_ match: DAVElement, _ value: String) -> Bool {
    let wanted = match.text
    let found: Bool
    if match.attributes["collation"] == "i;octet" {
      found = value.utf8.contains(wanted.utf8)
    } else {
      // i;ascii-casemap (RFC 4790 9.2): ASCII letters compare without case, every other
      // byte as it is.
      found = asciiLowercased(value).contains(asciiLowercased(wanted))
    }
    return match.attributes["negate-condition"] == "yes" ? !found : found
  }

  /// The UTF-8 bytes of `text` with the ASCII capitals lowered, nothing else changed.
  private static func asciiLowercased(_ text: String) -> [UInt8] {
    text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  /// The collations a `text-match` may name (RFC 4791 7.5.1: these two at least).
  static let collations: Set<String> = ["i;ascii-casemap", "i;octet"]

  private static func within(_ moment: Date, _ range: DAVElement) -> Bool {
    let (start, end) = bounds(range)
    return start <= moment && moment < end
  }

  /// A `time-range`'s start and end; an open side is the distant past or future.
  static func bounds(_ range: DAVElement) -> (start: Date, end: Date) {
    (
      range.attributes["start"].flatMap(parse) ?? .distantPast,
      range.attributes["end"].flatMap(parse) ?? .distantFuture
    )
  }

  /// A `time-range` bound: a UTC date-time (`20261124T000000Z`).
  private static func parse(_ text: String) -> Date? {
    DateOrDateTime(parsing: text).flatMap(TodoCalendar.instant)
  }

  /// Refuses filters whose time ranges are not UTC date-times, or have neither bound (RFC
  /// 4791 9.9), and text matches in a collation the server does not have.
  private static func check(_ filter: DAVElement) throws {
    for child in filter.children {
      if child.name == .caldav("text-match"), let collation = child.attributes["collation"],
        !collations.contains(collation)
      {
        throw UnsupportedCollation(collation: collation)
      }
      if child.name == .caldav("time-range"), child.attributes["start"] == nil,
        child.attributes["end"] == nil
      {
        throw Invalid(description: "a time-range has a start, an end or both")
      }
      if child.name == .caldav("time-range") {
        for key in ["start", "end"] {
          guard let text = child.attributes[key] else { continue }
          guard let value = DateOrDateTime(parsing: text), value.form == .utc else {
            throw Invalid(description: "time-range \(key) \(text) is not a UTC date-time")
          }
        }
      }
      try check(child)
    }
  }
}
