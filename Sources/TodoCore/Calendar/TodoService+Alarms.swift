import Foundation
import ICalendar
import Persistence

// MARK: - VALARMs as reminders

extension TodoService {
  /// Makes the principal's reminders of `todo` what a calendar client's `PUT` says
  /// (``TodoCalendar/alarms(of:)``): an alarm with a reminder's `UID` is that reminder (its
  /// trigger as the client left it), a new alarm is a new reminder (an alarm whose moment has
  /// passed is one that rang on the client: it does not ring here), and a reminder whose alarm
  /// the client removed is removed. Other people's reminders are theirs.
  ///
  /// - Returns: The principal's reminders of the todo now, oldest first.
  func keepAlarms(_ alarms: [CalendarAlarm], of todo: Todo, in tx: WriteTransaction) throws
    -> [Reminder]
  {
    let accountID = principal?.accountID
    let mine = try tx.fetch(
      FetchRequest(filter: Reminder.todoIDAttribute == todo.id && ownReminders))
    // A client names its alarms: by the reminder's identifier when it got them from here,
    // else by its own UID, which the reminder keeps in the text it was written from.
    var byUID: [String: Reminder] = [:]
    for reminder in mine {
      byUID[reminder.id.uuidString.uppercased()] = reminder
      if let text = reminder.calendarText, let written = try? Component.parse(text).first,
        let uid = (written.property(named: "UID") ?? written.property(named: "X-WR-ALARMUID"))?
          .value
      {
        byUID[uid.uppercased()] = reminder
      }
    }
    let zone = try zone(of: accountID, in: tx)
    let due = try calendarDue(of: [todo], in: tx)[todo.id]
    let now = self.now()
    var kept: Set<UUID> = []
    var triggers: Set<ReminderTrigger> = []
    for alarm in alarms.prefix(Self.maximumRemindersPerTodo) {
      guard triggers.insert(alarm.trigger).inserted else { continue }
      let named = alarm.uid.flatMap { byUID[$0.uppercased()] }
      if var reminder = named
        ?? mine.first(where: {
          $0.trigger == alarm.trigger && !kept.contains($0.id)
        }), !kept.contains(reminder.id)
      {
        kept.insert(reminder.id)
        guard reminder.trigger != alarm.trigger || reminder.calendarText != alarm.text else {
          continue
        }
        reminder.trigger = alarm.trigger
        reminder.calendarText = alarm.text
        try tx.update(reminder.armed(for: todo, in: zone, due: due))
      } else {
        let id = try alarm.reminderID.flatMap {
          try tx.object(Reminder.self, id: $0) == nil ? $0 : nil
        }
        var reminder = Reminder(
          id: id ?? UUID(), todoID: todo.id, accountID: accountID, trigger: alarm.trigger,
          createdAt: now)
        reminder.calendarText = alarm.text
        if let moment = alarm.trigger.moment(deadline: todo.deadline, in: zone, due: due),
          moment < now.addingTimeInterval(-Self.reminderGrace)
        {
          reminder.firedFor = moment
        }
        let stored = try tx.insert(reminder.armed(for: todo, in: zone, due: due))
        kept.insert(stored.id)
      }
    }
    for reminder in mine where !kept.contains(reminder.id) { try tx.delete(reminder) }
    return try tx.fetch(
      FetchRequest(
        filter: Reminder.todoIDAttribute == todo.id && ownReminders,
        sortedBy: [Reminder.createdAtAttribute.ascending]))
  }

  /// The moments of these todos' deadlines that a calendar client gave in UTC or in a zone
  /// (`DUE;TZID=Europe/Paris:…`), while the deadline is still what the line says: the
  /// instant the client's own alarms count from, whatever zone the person is in.
  func calendarDue(of todos: [Todo], in tx: ReadTransaction) throws -> [UUID: Date] {
    let dated = todos.filter { $0.deadline?.time != nil }
    guard !dated.isEmpty else { return [:] }
    let byID = Dictionary(dated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    var moments: [UUID: Date] = [:]
    for data in try tx.fetch(
      FetchRequest<CalendarData>(filter: CalendarData.idAttribute.isIn(Array(byID.keys))))
    {
      guard let line = data.dueLine, let kept = try? ContentLine(parsing: line),
        let value = kept.dateOrDateTimeValue, let form = value.form, form != .floating,
        (try? TodoCalendar.deadline(value)) == byID[data.id]?.deadline,
        let moment = TodoCalendar.instant(value)
      else { continue }
      moments[data.id] = moment
    }
    return moments
  }

  /// Marks a todo's calendar resource changed for calendar clients' next sync when its
  /// reminders (its `VALARM`s) change without the todo changing.
  func touchCalendar(of todoID: UUID, in tx: WriteTransaction) throws {
    if let data = try tx.object(CalendarData.self, id: todoID) {
      try tx.update(data)
    } else {
      // What a todo made here says without a record: its identifier is its UID.
      try tx.insert(CalendarData(id: todoID, uid: todoID.uuidString.lowercased()))
    }
  }

  /// Moves the reminders at a moment of a repeating todo that moved on by as much as it moved,
  /// as calendar apps move an alarm at a moment with its occurrence.
  func shiftMomentReminders(of todoID: UUID, by seconds: TimeInterval, in tx: WriteTransaction)
    throws
  {
    guard seconds != 0 else { return }
    for var reminder in try tx.fetch(FetchRequest(filter: Reminder.todoIDAttribute == todoID)) {
      guard case .at(let moment) = reminder.trigger else { continue }
      reminder.trigger = .at(moment.addingTimeInterval(seconds))
      try tx.update(reminder)
    }
  }
}
