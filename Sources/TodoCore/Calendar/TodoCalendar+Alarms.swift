import Foundation
import ICalendar

/// A `VALARM` as a reminder reads it: when it fires, and the reminder it was written from,
/// when its `UID` names one.
public struct CalendarAlarm: Hashable, Sendable {
  /// Its `UID` (or `X-WR-ALARMUID`): the reminder it was written from, or the client's own
  /// name for it.
  public var uid: String?
  /// When it fires.
  public var trigger: ReminderTrigger
  /// The component as the client wrote it.
  public var text: String

  /// The reminder it was written from, when its `UID` names one.
  public var reminderID: UUID? { uid.flatMap(UUID.init(uuidString:)) }
}

extension TodoCalendar {
  /// The alarms of a `VTODO` that are reminders here, and its other subcomponents, kept as
  /// they are: an alarm at a moment (`TRIGGER;VALUE=DATE-TIME`), or at a distance from the
  /// `DUE` (`RELATED=END`; without `RELATED`, from the `DTSTART` when the todo has one, read
  /// as the moment it makes, else from the `DUE`, as task apps mean it).
  static func alarms(of vtodo: Component) -> (alarms: [CalendarAlarm], others: [Component]) {
    let start = vtodo.property(named: "DTSTART")?.dateOrDateTimeValue.flatMap(instant)
    var alarms: [CalendarAlarm] = []
    var others: [Component] = []
    for component in vtodo.components {
      guard component.hasName("VALARM"), let alarm = alarm(component, start: start) else {
        others.append(component)
        continue
      }
      alarms.append(alarm)
    }
    return (alarms, others)
  }

  private static func alarm(_ valarm: Component, start: Date?) -> CalendarAlarm? {
    guard let trigger = self.trigger(of: valarm, start: start) else { return nil }
    let uid = (valarm.property(named: "UID") ?? valarm.property(named: "X-WR-ALARMUID"))?.value
    return CalendarAlarm(uid: uid, trigger: trigger, text: Component.serialize([valarm]))
  }

  /// When a `VALARM` fires, as a reminder: `nil` for one that is not a reminder here.
  private static func trigger(of valarm: Component, start: Date?) -> ReminderTrigger? {
    guard let trigger = valarm.property(named: "TRIGGER") else { return nil }
    if trigger.parameter(named: "VALUE")?.value.uppercased() == "DATE-TIME" {
      guard let value = DateOrDateTime(parsing: trigger.value), let moment = instant(value)
      else { return nil }
      return .at(moment)
    }
    guard let seconds = trigger.durationSeconds,
      abs(seconds) <= ReminderTrigger.maximumOffset
    else { return nil }
    let related = trigger.parameter(named: "RELATED")?.value.uppercased()
    if related == "END" || (related == nil && start == nil) {
      return .relative(seconds: seconds)
    }
    guard let start else { return nil }
    return .at(start.addingTimeInterval(TimeInterval(seconds)))
  }

  /// What a todo keeps of its calendar object, without the alarms that are reminders: over
  /// CalDAV they are the writer's reminders, and written back from them.
  static func withoutReminderAlarms(_ data: CalendarData) -> CalendarData {
    guard !data.kept.isEmpty, var components = try? Component.parse(data.kept),
      let vtodo = components.first, vtodo.hasName("VTODO")
    else { return data }
    let others = alarms(of: vtodo).others
    guard others.count != vtodo.components.count else { return data }
    components[0].components = others
    var stripped = data
    stripped.keep(components)
    return stripped
  }

  /// The `VALARM` of a reminder: the one a client wrote for it, line for line, with its
  /// `TRIGGER` as the reminder has it now; else one that shows the todo's title, whose `UID`
  /// is the reminder's, so that the client's copy comes back as the same reminder.
  static func valarm(of reminder: Reminder, title: String, start: Date? = nil) -> Component {
    let made = madeValarm(of: reminder, title: title)
    guard let text = reminder.calendarText, var written = try? Component.parse(text).first,
      written.hasName("VALARM")
    else { return made }
    if trigger(of: written, start: start) != reminder.trigger,
      let index = written.properties.firstIndex(where: { $0.hasName("TRIGGER") }),
      let line = made.property(named: "TRIGGER")
    {
      written.properties[index] = line
    }
    return written
  }

  private static func madeValarm(of reminder: Reminder, title: String) -> Component {
    var alarm = Component(name: "VALARM")
    let id = reminder.id.uuidString
    alarm.properties.append(ContentLine(name: "UID", value: id))
    alarm.properties.append(ContentLine(name: "X-WR-ALARMUID", value: id))
    alarm.properties.append(ContentLine(name: "ACTION", value: "DISPLAY"))
    alarm.properties.append(ContentLine(name: "DESCRIPTION", text: title))
    switch reminder.trigger {
    case .at(let moment):
      alarm.properties.append(
        ContentLine(
          name: "TRIGGER", parameters: [PropertyParameter(name: "VALUE", value: "DATE-TIME")],
          value: dateTime(utc: moment)?.text ?? ""))
    case .relative(let seconds):
      alarm.properties.append(
        ContentLine(
          name: "TRIGGER", parameters: [PropertyParameter(name: "RELATED", value: "END")],
          value: ContentLine.durationText(seconds: seconds)))
    }
    return alarm
  }
}
