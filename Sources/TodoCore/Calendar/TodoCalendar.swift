import Foundation
import ICalendar
import Persistence

/// The mapping between todos and iCalendar `VTODO`s: what `todo export --format ics`,
/// `todo import FILE.ics` and CalDAV read and write.
///
/// | VTODO | todo |
/// |---|---|
/// | `SUMMARY` | title |
/// | `DESCRIPTION` | notes |
/// | `DUE` (a date, or a date and time: floating, UTC or with a `TZID`) | deadline (its wall-clock date and minute), the line itself kept while unchanged |
/// | `STATUS` `NEEDS-ACTION`, `IN-PROCESS`, `COMPLETED`, `PERCENT-COMPLETE`, `COMPLETED` | status and when it was done |
/// | `RRULE`, `X-TODO-REPEAT-FROM:COMPLETION` | how it repeats (``Todo/recurrence``); a rule it cannot take is kept |
/// | `DTSTART` | the start date (on or before the deadline), the line itself kept while it says it |
/// | `PRIORITY` | the priority, as ``Priority`` maps it (1 is P1, 2–4 P2, 5 P3, 6–9 P4), the line itself kept while it says it |
/// | `CATEGORIES` | the tags (one word each: white space becomes `-`), the lines themselves kept while they say them |
/// | `ATTENDEE` (on a server with accounts) | the assignee, a member of the list by account (`urn:uuid:`), address (`mailto:`) or name (`CN`); none names nobody, a `VTODO` without any leaves it (``CalendarAssignee``) |
/// | `RELATED-TO;RELTYPE=PARENT` (on the subtask only) | the parent, a todo of the same list by its `UID`; a subtask that arrives before its parent waits for it with the line kept |
/// | `EXDATE`, overridden occurrences (`RECURRENCE-ID`) | kept, and moved on with the todo when it repeats |
/// | `UID` | kept (the todo's identifier for a todo made here) |
/// | `X-APPLE-SORT-ORDER` | the order the client sorts by (``Todo/externalOrder``): a todo it adds goes before the first it sorted after, a todo moved here gets a value between its new neighbours'; exported values are the client's while they still increase along the list, numbered anew after a reorder here |
/// | `VALARM` at a moment or from the `DUE` (or from a `DTSTART`, read as its moment), over CalDAV | the writer's reminders (``TodoCalendar/alarms(of:)``), written back to them as `VALARM`s with the reminder's `UID`; in a file, kept |
/// | anything else (other alarms, other `RELATED-TO`s, `X-`…) | kept and written back unchanged |
public enum TodoCalendar {
  /// The `PRODID` of what this app writes.
  public static let productID = "-//todo//todo 1.0//EN"

  /// The properties the mapping reads into a todo and writes from it; every other property of
  /// a `VTODO` is kept as it was.
  static let mapped: Set<String> = [
    "UID", "SUMMARY", "DESCRIPTION", "DUE", "STATUS", "COMPLETED", "PERCENT-COMPLETE",
    "DTSTAMP", "CREATED", "LAST-MODIFIED", "X-APPLE-SORT-ORDER",
  ]

  /// What a `VTODO` says, as the app models it.
  public struct Fields: Sendable, Hashable {
    /// The title (`SUMMARY`; "(untitled)" when empty).
    public var title: String
    /// The notes (`DESCRIPTION`).
    public var notes: String
    /// The deadline (`DUE`).
    public var deadline: Deadline?
    /// The status.
    public var status: TodoStatus
    /// How it repeats (`RRULE`).
    public var recurrence: Recurrence?
    /// When it starts (`DTSTART`).
    public var start: Deadline?
    /// When it was done (`COMPLETED`).
    public var doneAt: Date?
    /// How urgent it is (`PRIORITY`).
    public var priority: Priority?
    /// Its tags (`CATEGORIES`).
    public var tags: [String] = []
    /// The order the client sorts it by (`X-APPLE-SORT-ORDER`).
    public var sortOrder: Int?
    /// When the client created it (`CREATED`, in UTC).
    public var created: Date?
    /// What the todo keeps of the component.
    public var data: CalendarData
    /// Its alarms that can be reminders here (``TodoCalendar/alarms(of:)``). ``data`` keeps
    /// them too, for a file's import and export; CalDAV makes them the writer's reminders
    /// instead (``withoutReminderAlarms(_:)``).
    public var alarms: [CalendarAlarm] = []

    /// The change that makes a stored todo say what the component says.
    var patch: TodoPatch {
      TodoPatch(
        title: title, notes: notes, deadline: .some(deadline), status: status,
        externalOrder: .some(sortOrder), doneAt: doneAt, recurrence: .some(recurrence),
        start: .some(start), priority: .some(priority), tags: tags)
    }

    /// A new todo of `listID` that says what the component says; `now` is when it is added.
    /// It was created when the client says (never later than now), so that its `CREATED`
    /// comes back as the client wrote it.
    func todo(in listID: UUID, at now: Date) throws -> Todo {
      Todo(
        listID: listID, title: title, notes: notes, deadline: deadline, status: status,
        doneAt: status == .done ? doneAt ?? now : nil, order: try OrderKey.between(nil, nil),
        externalOrder: sortOrder, createdAt: min(created ?? now, now), updatedAt: now,
        recurrence: recurrence, start: start, priority: priority, tags: tags)
    }
  }

  /// Reads a `VTODO` for the todo `id`.
  ///
  /// - Parameters:
  ///   - todo: The component.
  ///   - id: The todo's identifier.
  ///   - timeZones: The calendar's `VTIMEZONE`s, of which those the todo refers to are kept.
  ///   - overrides: Its overridden occurrences (`VTODO`s with its `UID` and a
  ///     `RECURRENCE-ID`), kept as they are.
  ///   - now: The time of the read, for a rule without a deadline to start from.
  /// - Throws: `TodoError.validation` for a `DUE` that is not a date.
  public static func fields(
    of todo: TodoComponent, id: UUID, timeZones: [Component] = [], overrides: [Component] = [],
    now: Date = Date()
  ) throws -> Fields {
    let title = (todo.summary ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    var status: TodoStatus =
      switch todo.status {
      case .completed?, .cancelled?: .done
      case .inProcess?: .inProgress
      default: todo.percentComplete == 100 ? .done : .notStarted
      }
    if status == .notStarted, let percent = todo.percentComplete, percent > 0 {
      status = .inProgress
    }
    var deadline: Deadline?
    var dueLine: String?
    if let due = todo.component.property(named: "DUE") {
      guard let value = due.dateOrDateTimeValue else {
        throw TodoError.validation(field: "DUE", message: "\(due.value) is not a date")
      }
      deadline = try self.deadline(value)
      dueLine = due.description
    }
    let recurrence = self.recurrence(of: todo.component, deadline: deadline, now: now)
    var kept = Component(name: "VTODO")
    kept.properties = todo.component.properties.filter { line in
      !mapped.contains(line.name.uppercased())
        && (recurrence == nil || !(line.hasName("RRULE") || line.hasName(repeatFromProperty)))
    }
    // A cancelled todo is done here; its STATUS is kept to be given back while it stays done.
    if todo.status == .cancelled, let line = todo.component.property(named: "STATUS") {
      kept.properties.append(line)
    }
    // How far along an open todo is (Tasks.org, jtx Board) is given back while it stays open.
    if status != .done, let line = todo.component.property(named: "PERCENT-COMPLETE") {
      kept.properties.append(line)
    }
    kept.components = todo.component.components
    let zones = Set(todo.timeZoneIDs + overrides.flatMap { TodoComponent($0)?.timeZoneIDs ?? [] })
    let keptZones = timeZones.filter { zone in
      zone.property(named: "TZID").map { zones.contains($0.value) } ?? false
    }
    var data = CalendarData(id: id, uid: todo.uid ?? id.uuidString.lowercased(), dueLine: dueLine)
    data.keep([kept] + overrides + keptZones)
    return Fields(
      title: title.isEmpty ? "(untitled)" : title, notes: todo.description ?? "",
      deadline: deadline, status: status, recurrence: recurrence,
      start: start(of: todo.component, deadline: deadline),
      doneAt: status == .done ? todo.completed.flatMap(date(utc:)) : nil,
      priority: todo.priority.flatMap(Priority.init(iCalendar:)),
      tags: tags(fromCategories: todo.categories), sortOrder: todo.appleSortOrder,
      created: todo.created.flatMap(date(utc:)),
      data: data,
      alarms: Self.alarms(of: todo.component).alarms)
  }

  /// The `VTODO` of a todo, with what it keeps of the component it came from, and for a
  /// subtask the `UID` of its parent.
  public static func component(
    of todo: Todo, data: CalendarData?, now: Date, parentUID: String? = nil,
    assignee: AssigneeLines = .kept
  ) -> TodoComponent {
    var component = TodoComponent(uid: data?.uid ?? todo.id.uuidString.lowercased())
    component.dtstamp = dateTime(utc: now)
    component.created = dateTime(utc: todo.createdAt)
    component.lastModified = dateTime(utc: todo.updatedAt)
    component.summary = todo.title
    if !todo.notes.isEmpty { component.description = todo.notes }
    if let deadline = todo.deadline {
      if let line = data?.dueLine, let kept = try? ContentLine(parsing: line),
        let value = kept.dateOrDateTimeValue, (try? self.deadline(value)) == deadline
      {
        component.component.properties.append(kept)
      } else {
        component.due = due(deadline)
      }
    }
    component.component.properties += repeatLines(of: todo)
    switch todo.status {
    case .notStarted: component.status = .needsAction
    case .inProgress: component.status = .inProcess
    case .done:
      component.status = .completed
      component.percentComplete = 100
      if let doneAt = todo.doneAt { component.completed = dateTime(utc: doneAt) }
    }
    var kept = Component(name: "VTODO")
    if let data, !data.kept.isEmpty, let parsed = try? Component.parse(data.kept),
      let first = parsed.first
    {
      kept = first
    }
    nameParent(parentUID, in: &kept.properties)
    if !kept.properties.isEmpty || !kept.components.isEmpty {
      var properties = kept.properties
      properties.removeAll { $0.hasName("DTSTART") && !keepsStartLine($0, of: todo) }
      keepPriorityAndTags(of: todo, in: &properties)
      if todo.repeatRule != nil {
        // A rule kept because it could not be read gives way to the one set here since.
        properties.removeAll { $0.hasName("RRULE") || $0.hasName(repeatFromProperty) }
      }
      if todo.status == .done
        || (todo.status == .notStarted
          && properties.contains {
            $0.hasName("PERCENT-COMPLETE") && ($0.integerValue ?? 0) > 0
          })
      {
        // Done is 100 %; an open todo someone set back to not started is at 0.
        properties.removeAll { $0.hasName("PERCENT-COMPLETE") }
      }
      if properties.contains(where: { $0.hasName("STATUS") }) {
        if todo.status == .done {
          // Cancelled, as the client wrote it: not COMPLETED.
          component.component.properties.removeAll {
            $0.hasName("STATUS") || $0.hasName("PERCENT-COMPLETE") || $0.hasName("COMPLETED")
          }
        } else {
          properties.removeAll { $0.hasName("STATUS") }
        }
      }
      component.component.properties += properties
      component.component.components += kept.components
    }
    addPriorityAndTags(of: todo, to: &component)
    if let order = todo.externalOrder { component.appleSortOrder = order }
    if todo.start != nil,
      !component.component.properties.contains(where: { $0.hasName("DTSTART") }),
      let line = startLine(of: todo)
    {
      component.component.properties.append(line)
    }
    applyAssignee(assignee, to: &component.component.properties)
    return component
  }

  /// The `VTIMEZONE`s a todo keeps.
  public static func timeZones(of data: CalendarData?) -> [Component] {
    extras(of: data).filter { $0.hasName("VTIMEZONE") }
  }

  /// The overridden occurrences a repeating todo keeps (`VTODO`s with a `RECURRENCE-ID`).
  public static func overrides(of data: CalendarData?) -> [Component] {
    // Most todos have none: their kept text is not parsed again for nothing.
    guard data?.kept.contains("RECURRENCE-ID") == true else { return [] }
    return extras(of: data).filter { $0.hasName("VTODO") }
  }

  /// What a todo keeps after its `VTODO`: overridden occurrences and time zones.
  static func extras(of data: CalendarData?) -> [Component] {
    guard let data, !data.kept.isEmpty, let parsed = try? Component.parse(data.kept) else {
      return []
    }
    return Array(parsed.dropFirst())
  }

  /// One `VCALENDAR` of todos, each with the `VTIMEZONE`s it refers to (once).
  public static func calendar(
    _ todos: [(Todo, CalendarData?)], now: Date, alarms: [UUID: [Reminder]] = [:],
    parentUIDs: [UUID: String] = [:], assignees: [UUID: AssigneeLines] = [:]
  ) -> String {
    var calendar = Component(
      name: "VCALENDAR",
      properties: [
        ContentLine(name: "VERSION", value: "2.0"),
        ContentLine(name: "PRODID", value: productID),
      ])
    var zones: [String: Component] = [:]
    var order: [String] = []
    var views: [TodoComponent] = []
    var overrides: [[Component]] = []
    for (todo, data) in todos {
      var view = component(
        of: todo, data: data, now: now, parentUID: parentUIDs[todo.id],
        assignee: assignees[todo.id] ?? .kept)
      let start = view.component.property(named: "DTSTART")?.dateOrDateTimeValue.flatMap(instant)
      view.component.components += (alarms[todo.id] ?? []).map {
        valarm(of: $0, title: todo.title, start: start)
      }
      views.append(view)
      overrides.append(self.overrides(of: data))
      for zone in timeZones(of: data) {
        guard let tzid = zone.property(named: "TZID")?.value, zones[tzid] == nil else { continue }
        zones[tzid] = zone
        order.append(tzid)
      }
    }
    var start = 0
    while start < views.count {
      let listID = todos[start].0.listID
      var end = start
      while end < todos.count, todos[end].0.listID == listID { end += 1 }
      sortOrder(&views[start..<end])
      start = end
    }
    calendar.components =
      order.compactMap { zones[$0] }
      + zip(views, overrides).flatMap { view, overrides in [view.component] + overrides }
    return calendar.description
  }

  /// The user order of one list's todos (in that order) as `X-APPLE-SORT-ORDER`, which Apple
  /// Reminders and Tasks.org sort by: the values a client wrote are kept while they still
  /// increase along the list; once the todos were reordered here (or a todo without one
  /// joined them), they are numbered anew. A list no such client sorted has none.
  static func sortOrder(_ todos: inout ArraySlice<TodoComponent>) {
    let kept = todos.map(\.appleSortOrder)
    let increasing = zip(kept, kept.dropFirst()).allSatisfy { pair in
      guard let first = pair.0, let second = pair.1 else { return false }
      return first < second
    }
    // A list no client sorted leaves the property out; one whose values still hold keeps them.
    if kept.allSatisfy({ $0 == nil }) || (kept.allSatisfy({ $0 != nil }) && increasing) {
      return
    }
    for (position, index) in todos.indices.enumerated() {
      todos[index].appleSortOrder = (position + 1) * 1_024
    }
  }

  // MARK: - Values

  /// A `DUE` value as a deadline: its wall-clock date and minute; a UTC time is read on this
  /// machine's clock (todoman and others write a local deadline in UTC).
  static func deadline(_ value: DateOrDateTime) throws -> Deadline {
    let date = value.date
    guard let time = value.time else {
      return try Deadline(year: date.year, month: date.month, day: date.day)
    }
    if value.form == .utc, let moment = self.date(utc: value) {
      var local = Calendar(identifier: .gregorian)
      local.timeZone = .current
      let parts = local.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
      return try Deadline(
        year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!,
        minute: parts.minute!)
    }
    return try Deadline(
      year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
  }

  /// A deadline as a `DUE` value: a date, or a floating date and time.
  static func due(_ deadline: Deadline) -> DateOrDateTime? {
    guard let date = CalendarDate(year: deadline.year, month: deadline.month, day: deadline.day)
    else { return nil }
    guard let time = deadline.time else { return .date(date) }
    guard let clock = TimeOfDay(hour: time.hour, minute: time.minute) else { return .date(date) }
    return .dateTime(date, clock, .floating)
  }

  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// A moment as a UTC date-time, or `nil` for one outside the years 1 to 9999.
  public static func dateTime(utc moment: Date) -> DateOrDateTime? {
    let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
    guard let date = CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!),
      let time = TimeOfDay(hour: parts.hour!, minute: parts.minute!, second: parts.second!)
    else { return nil }
    return .dateTime(date, time, .utc)
  }

  /// A UTC (or floating, read as UTC) date-time as a moment.
  static func date(utc value: DateOrDateTime) -> Date? {
    instant(value)
  }

  /// A date or date-time as a moment: UTC as it is, a `TZID` by its identifier when this
  /// system knows it, floating times and dates as UTC (what a server that does not know the
  /// client's zone may do, RFC 4791 9.9).
  public static func instant(_ value: DateOrDateTime) -> Date? {
    var calendar = utc
    if let zone = value.tzid.flatMap(TimeZone.init(identifier:)) { calendar.timeZone = zone }
    let date = value.date
    let time = value.time
    return calendar.date(
      from: DateComponents(
        year: date.year, month: date.month, day: date.day, hour: time?.hour ?? 0,
        minute: time?.minute ?? 0, second: min(time?.second ?? 0, 59)))
  }
}
