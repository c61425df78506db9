import Foundation
import ICalendar
import TodoCore

/// What a `calendar-data` element of a `REPORT`'s properties asks of each resource's data
/// (RFC 4791 9.6): the whole text, or only the components and properties its `comp` tree
/// names (partial retrieval, 9.6.1); a repeating todo as its instances in a time range
/// (`expand`, 9.6.5), or with only the occurrences changed on their own that fall in one
/// (`limit-recurrence-set`, 9.6.6).
///
/// ```xml
/// <C:calendar-data>
///   <C:comp name="VCALENDAR"><C:prop name="VERSION"/>
///     <C:comp name="VTODO"><C:prop name="UID"/><C:prop name="SUMMARY"/></C:comp>
///   </C:comp>
/// </C:calendar-data>
/// ```
struct CalendarDataSelection: Equatable {
  /// One `comp` element: the component it keeps, with the properties and subcomponents it
  /// names.
  struct Comp: Equatable {
    var name: String
    /// `nil` for `allprop`; otherwise the properties kept, by upper-cased name, with whether
    /// each is kept without its value (`novalue="yes"`).
    var properties: [String: Bool]?
    /// `nil` for `allcomp`; otherwise the subcomponents kept.
    var components: [Comp]?
  }

  /// A `calendar-data` element this server cannot answer, with the precondition it breaks.
  struct Unsupported: Error, CustomStringConvertible {
    var condition: String
    var description: String
  }

  /// A `calendar-data` element that is malformed (a `400 Bad Request`).
  struct Invalid: Error, CustomStringConvertible {
    var description: String
  }

  /// The top `comp` (`VCALENDAR`), or `nil` for the whole data.
  var top: Comp?
  /// `expand`'s range: every todo as its instances that overlap it, in UTC.
  var expand: Range<Date>?
  /// `limit-recurrence-set`'s range: only the changed occurrences that overlap it.
  var limitRecurrenceSet: Range<Date>?

  /// Whether every resource's data is returned as it is.
  var keepsEverything: Bool { top == nil && expand == nil && limitRecurrenceSet == nil }

  /// Reads a `calendar-data` element of a request's properties.
  ///
  /// - Throws: ``Unsupported`` for a media type other than iCalendar 2.0 (the
  ///   `supported-calendar-data` precondition), a `comp` or `prop` without a name, or a top
  ///   component other than `VCALENDAR` (`valid-calendar-data`); ``Invalid`` for an
  ///   `expand` or `limit-recurrence-set` without a UTC `start` before a UTC `end`.
  init(_ element: DAVElement) throws {
    let type = element.attributes["content-type"] ?? "text/calendar"
    let version = element.attributes["version"] ?? "2.0"
    guard type.lowercased() == "text/calendar", version == "2.0" else {
      throw Unsupported(
        condition: "supported-calendar-data",
        description: "calendar data is text/calendar, version 2.0")
    }
    expand = try element.child(.caldav("expand")).map(Self.range)
    limitRecurrenceSet = try element.child(.caldav("limit-recurrence-set")).map(Self.range)
    guard let comp = element.child(.caldav("comp")) else { return }
    let top = try Self.comp(comp)
    guard top.name == "VCALENDAR" else {
      throw Unsupported(
        condition: "valid-calendar-data", description: "the top component is VCALENDAR")
    }
    self.top = top
  }

  /// The range of an `expand` or `limit-recurrence-set`: both bounds are required, UTC
  /// date-times, the start before the end (RFC 4791 9.6.5).
  private static func range(_ element: DAVElement) throws -> Range<Date> {
    let name = element.name.local
    var bounds: [Date] = []
    for key in ["start", "end"] {
      guard let text = element.attributes[key] else {
        throw Invalid(description: "\(name) needs a \(key) attribute")
      }
      guard let value = DateOrDateTime(parsing: text), value.form == .utc,
        let moment = TodoCalendar.instant(value)
      else {
        throw Invalid(description: "\(name) \(key) \(text) is not a UTC date-time")
      }
      bounds.append(moment)
    }
    guard bounds[0] < bounds[1] else {
      throw Invalid(description: "\(name) ends before it starts")
    }
    return bounds[0]..<bounds[1]
  }

  private static func comp(_ element: DAVElement) throws -> Comp {
    guard let name = element.attributes["name"]?.uppercased(), !name.isEmpty else {
      throw Unsupported(condition: "valid-calendar-data", description: "a comp needs a name")
    }
    var properties: [String: Bool]? = [:]
    if element.child(.caldav("allprop")) != nil {
      properties = nil
    } else {
      for prop in element.children(.caldav("prop")) {
        guard let property = prop.attributes["name"]?.uppercased(), !property.isEmpty else {
          throw Unsupported(condition: "valid-calendar-data", description: "a prop needs a name")
        }
        properties?[property] = prop.attributes["novalue"]?.lowercased() == "yes"
      }
    }
    let components: [Comp]? =
      element.child(.caldav("allcomp")) != nil
      ? nil : try element.children(.caldav("comp")).map(comp)
    return Comp(name: name, properties: properties, components: components)
  }

  /// `text`, a resource's iCalendar data, with only what the selection keeps; the text
  /// itself when the selection keeps everything (or the text does not parse, which the
  /// server never stores).
  func apply(to text: String) -> String {
    guard !keepsEverything, var calendars = try? Component.parse(text) else { return text }
    if let expand {
      calendars = calendars.map { Self.expanded($0, expand) }
    } else if let limitRecurrenceSet {
      calendars = calendars.map { Self.limited($0, limitRecurrenceSet) }
    }
    guard let top else { return Component.serialize(calendars) }
    let kept = calendars.compactMap {
      $0.name.uppercased() == top.name ? Self.keep($0, top) : nil
    }
    return Component.serialize(kept)
  }

  /// A calendar's todos as their instances that overlap `range`, in UTC, without time zones.
  private static func expanded(_ calendar: Component, _ range: Range<Date>) -> Component {
    var expanded = calendar
    expanded.components = calendar.components.flatMap { component -> [Component] in
      if component.hasName("VTIMEZONE") { return [] }
      guard component.hasName("VTODO") else { return [component] }
      guard component.property(named: "RECURRENCE-ID") == nil else { return [] }
      return RecurrenceSet(master: component, in: calendar)
        .instances(overlapping: range.lowerBound, range.upperBound).map(RecurrenceSet.inUTC)
    }
    return expanded
  }

  /// A calendar with only the occurrences changed on their own that overlap `range`.
  private static func limited(_ calendar: Component, _ range: Range<Date>) -> Component {
    var limited = calendar
    limited.components.removeAll { component in
      component.hasName("VTODO") && component.property(named: "RECURRENCE-ID") != nil
        && !RecurrenceSet.overlaps(component, range.lowerBound, range.upperBound)
    }
    return limited
  }

  private static func keep(_ component: Component, _ comp: Comp) -> Component {
    var kept = component
    if let names = comp.properties {
      kept.properties = component.properties.compactMap { line in
        guard let novalue = names[line.name.uppercased()] else { return nil }
        var property = line
        if novalue { property.value = "" }
        return property
      }
    }
    if let subcomponents = comp.components {
      kept.components = component.components.compactMap { child in
        subcomponents.first { $0.name == child.name.uppercased() }.map { keep(child, $0) }
      }
    }
    return kept
  }
}
