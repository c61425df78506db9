import Foundation
import ICalendar
import Persistence
import Testing

@testable import TodoCore

@Suite("Repeating todos from calendar clients: their RRULE is the todo's rule")
struct RepeatingTodoTests {
  /// A calendar with the Paris time zone and one `VTODO` of `lines` (CRLF-ended).
  static func calendar(_ lines: [String], components: String = "") -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Apple Inc.//iOS 17.5.1//EN\r
    BEGIN:VTIMEZONE\r
    TZID:Europe/Paris\r
    BEGIN:STANDARD\r
    DTSTART:19961027T030000\r
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    END:STANDARD\r
    END:VTIMEZONE\r
    BEGIN:VTODO\r

    """ + lines.map { $0 + "\r\n" }.joined() + components + "END:VTODO\r\nEND:VCALENDAR\r\n"
  }

  /// A weekly review due on Tuesdays at 09:00 in Paris, with an alarm and an `X-` property.
  static let weekly = calendar(
    [
      "UID:weekly-review", "SUMMARY:Weekly review", "DESCRIPTION:Inbox zero",
      "DTSTART;TZID=Europe/Paris:20261124T090000", "DUE;TZID=Europe/Paris:20261124T090000",
      "STATUS:NEEDS-ACTION", "RRULE:FREQ=WEEKLY;BYDAY=TU", "X-MOZ-GENERATION:3",
    ],
    components: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15M\r\n"
      + "END:VALARM\r\n")

  /// The `VTODO`s of an export, by `UID`.
  static func exported(_ service: TodoService) async throws -> [String: Component] {
    let calendar = try #require(try Component.parse(try await service.exportCalendar()).first)
    var todos: [String: Component] = [:]
    for todo in calendar.components(named: "VTODO") {
      todos[try #require(todo.property(named: "UID")?.value)] = todo
    }
    return todos
  }

  static func inbox(_ service: TodoService) async throws -> [Todo] {
    try await service.todos(inList: TodoList.inboxID)
  }

  @Test("an alarm at a moment moves with the todo; a relative one stays as written")
  func absoluteAlarmsMove() async throws {
    try await SettableClock.with { service, _ in
      let text = Self.calendar(
        [
          "UID:absolute-alarm", "SUMMARY:Bins out", "DUE;TZID=Europe/Paris:20261124T090000",
          "RRULE:FREQ=WEEKLY",
        ],
        components: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Bins\r\n"
          + "TRIGGER;VALUE=DATE-TIME:20261124T073000Z\r\nEND:VALARM\r\n"
          + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Soon\r\nTRIGGER:-PT15M\r\n"
          + "END:VALARM\r\n")
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      _ = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      let advanced = try #require(try await Self.exported(service)["absolute-alarm"])
      let triggers = advanced.components(named: "VALARM").compactMap {
        $0.property(named: "TRIGGER")?.value
      }
      #expect(triggers == ["20261201T073000Z", "-PT15M"])
      #expect(advanced.property(named: "DUE")?.value == "20261201T090000")
    }
  }

  @Test(
    "a weekly todo moves a week on in place, keeps its RRULE, alarm and X- lines, records the completion"
  )
  func weeklyAdvances() async throws {
    try await SettableClock.with { service, clock in
      let original = try #require(
        try Component.parse(Self.weekly).first?.components(named: "VTODO").first)
      _ = try await service.importCalendar(Self.weekly)
      let todo = try #require(try await Self.inbox(service).first)
      #expect(todo.deadline == (try Deadline(year: 2026, month: 11, day: 24, hour: 9, minute: 0)))
      #expect(todo.recurrence == (try Recurrence(rule: "FREQ=WEEKLY;BYDAY=TU")))

      let advanced = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(advanced.id == todo.id && advanced.status == .notStarted && advanced.doneAt == nil)
      #expect(
        advanced.deadline == (try Deadline(year: 2026, month: 12, day: 1, hour: 9, minute: 0)))

      // No copy: the completion is in the todo's history.
      #expect(try await Self.inbox(service).map(\.id) == [todo.id])
      let history = try await service.completions(of: todo.id)
      #expect(history.map(\.doneAt) == [clock.now()])
      #expect(history.map(\.deadline) == [todo.deadline])

      let exported = try await Self.exported(service)
      let repeating = try #require(exported["weekly-review"])
      for name in ["RRULE", "X-MOZ-GENERATION"] {
        #expect(repeating.properties(named: name) == original.properties(named: name), "\(name)")
      }
      #expect(repeating.components == original.components)
      // The start moves with the deadline, as Tasks.org moves it.
      #expect(
        repeating.property(named: "DTSTART")?.description
          == "DTSTART;TZID=Europe/Paris:20261201T090000")
      #expect(
        repeating.property(named: "DUE")?.description == "DUE;TZID=Europe/Paris:20261201T090000")
      #expect(repeating.property(named: "STATUS")?.value == "NEEDS-ACTION")
      #expect(repeating.property(named: "COMPLETED") == nil)

      // The next completion finds the occurrence after the new DUE.
      let again = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(again.deadline == (try Deadline(year: 2026, month: 12, day: 8, hour: 9, minute: 0)))
      #expect(try await service.completions(of: todo.id).count == 2)
      #expect(
        try await Self.exported(service)["weekly-review"]?.property(named: "DUE")?.description
          == "DUE;TZID=Europe/Paris:20261208T090000")
    }
  }

  @Test("the page's editor (an edit session) completes a repeating todo the same way")
  func editSessionAdvances() async throws {
    try await SettableClock.with { service, _ in
      _ = try await service.importCalendar(Self.weekly)
      let todo = try #require(try await Self.inbox(service).first)
      let session = try await service.beginEdit(todoID: todo.id)
      try await session.apply(TodoPatch(title: "Weekly review, with notes", status: .done))
      let saved = try await session.save()
      #expect(saved.status == .notStarted && saved.title == "Weekly review, with notes")
      #expect(saved.deadline == (try Deadline(year: 2026, month: 12, day: 1, hour: 9, minute: 0)))
      #expect(try await Self.inbox(service).map(\.status) == [.notStarted])
      #expect(try await service.completions(of: todo.id).count == 1)
    }
  }

  @Test("COUNT goes down as the todo moves on; once used up, completing is plain completing")
  func countExhausted() async throws {
    try await SettableClock.with { service, _ in
      let text = Self.calendar([
        "UID:twice", "SUMMARY:Take the pill", "DTSTART;VALUE=DATE:20261124",
        "DUE;VALUE=DATE:20261124", "RRULE:FREQ=DAILY;COUNT=2",
      ])
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      let second = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(second.status == .notStarted)
      #expect(second.deadline == (try Deadline(year: 2026, month: 11, day: 25)))
      let moved = try #require(try await Self.exported(service)["twice"])
      #expect(moved.property(named: "DUE")?.description == "DUE;VALUE=DATE:20261125")
      #expect(moved.property(named: "DTSTART")?.description == "DTSTART;VALUE=DATE:20261125")
      #expect(moved.property(named: "RRULE")?.value == "FREQ=DAILY;COUNT=1")

      let last = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(last.status == .done && last.doneAt != nil)
      #expect(last.deadline == (try Deadline(year: 2026, month: 11, day: 25)))
      #expect(try await Self.inbox(service).count == 1)
      let exported = try #require(try await Self.exported(service)["twice"])
      #expect(exported.property(named: "RRULE")?.value == "FREQ=DAILY;COUNT=1")
      #expect(exported.property(named: "STATUS")?.value == "COMPLETED")
    }
  }

  @Test("without a DTSTART the rule runs from the DUE, so its COUNT goes down by one")
  func countFromDue() async throws {
    try await SettableClock.with { service, _ in
      let text = Self.calendar([
        "UID:rent", "SUMMARY:Pay the rent", "DUE;VALUE=DATE:20260131",
        "RRULE:FREQ=MONTHLY;COUNT=2;WKST=MO",
      ])
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      let next = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      // January 31, then March 31: February has no 31st.
      #expect(next.deadline == (try Deadline(year: 2026, month: 3, day: 31)))
      let exported = try #require(try await Self.exported(service)["rent"])
      #expect(exported.property(named: "RRULE")?.value == "FREQ=MONTHLY;COUNT=1;WKST=MO")
      let last = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(last.status == .done)
      #expect(try await Self.inbox(service).count == 1)
    }
  }

  @Test("without a deadline the rule runs from DTSTART, and the next occurrence becomes it")
  func noDeadline() async throws {
    try await SettableClock.with { service, _ in
      let text = Self.calendar([
        "UID:plants", "SUMMARY:Water the plants", "DTSTART;TZID=Europe/Paris:20261123T080000",
        "RRULE:FREQ=WEEKLY;INTERVAL=2",
      ])
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      #expect(todo.deadline == nil)
      let next = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(next.deadline == (try Deadline(year: 2026, month: 12, day: 7, hour: 8, minute: 0)))
      let exported = try #require(try await Self.exported(service)["plants"])
      #expect(
        exported.property(named: "DUE")?.description == "DUE;TZID=Europe/Paris:20261207T080000")
      #expect(
        exported.property(named: "DTSTART")?.description
          == "DTSTART;TZID=Europe/Paris:20261207T080000")
    }
  }

  @Test("a daily 09:00 in Paris stays at 09:00 across the clocks going forward and back")
  func wallClockAcrossDST() async throws {
    try await SettableClock.with { service, _ in
      let text = Self.calendar([
        "UID:pill", "SUMMARY:Take the pill", "DUE;TZID=Europe/Paris:20270327T090000",
        "RRULE:FREQ=DAILY",
      ])
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      var dues: [String] = []
      for _ in 0..<2 {
        let moved = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
        dues.append(moved.deadline?.rawValue ?? "")
      }
      // Summer time starts on 28 March 2027: 09:00 on both sides of it.
      #expect(dues == ["2027-03-28T09:00", "2027-03-29T09:00"])
      #expect(
        try await Self.exported(service)["pill"]?.property(named: "DUE")?.description
          == "DUE;TZID=Europe/Paris:20270329T090000")
      // And when it ends, on 31 October 2027.
      _ = try await service.updateTodo(
        id: todo.id, TodoPatch(deadline: .some(try Deadline(parsing: "2027-10-30T09:00"))))
      let autumn = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(autumn.deadline?.rawValue == "2027-10-31T09:00")
    }
  }

  @Test("EXDATE leaves an occurrence out; the overridden occurrences passed are dropped")
  func exceptionsAndOverrides() async throws {
    try await SettableClock.with { service, _ in
      let override =
        "BEGIN:VTODO\r\nUID:standup\r\nRECURRENCE-ID;TZID=Europe/Paris:20261125T093000\r\n"
        + "SUMMARY:Stand-up (remote)\r\nDUE;TZID=Europe/Paris:20261125T093000\r\nEND:VTODO\r\n"
      let later =
        "BEGIN:VTODO\r\nUID:standup\r\nRECURRENCE-ID;TZID=Europe/Paris:20261130T093000\r\n"
        + "SUMMARY:Stand-up (long)\r\nDUE;TZID=Europe/Paris:20261130T093000\r\nEND:VTODO\r\n"
      let text = Self.calendar([
        "UID:standup", "SUMMARY:Stand-up", "DUE;TZID=Europe/Paris:20261124T093000",
        "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
        "EXDATE;TZID=Europe/Paris:20261125T093000,20261126T093000",
      ]).replacingOccurrences(of: "END:VCALENDAR", with: override + later + "END:VCALENDAR")
      _ = try await service.importCalendar(text)
      let todo = try #require(try await Self.inbox(service).first)
      #expect(try await Self.inbox(service).count == 1)
      #expect(
        try await service.changedOccurrences(of: todo.id).map(\.text) == [
          "2026/11/25 09:30: Stand-up (remote)", "2026/11/30 09:30: Stand-up (long)",
        ])
      let next = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
      // Wednesday and Thursday are left out: Friday.
      #expect(next.deadline == (try Deadline(year: 2026, month: 11, day: 27, hour: 9, minute: 30)))
      let calendar = try #require(try Component.parse(try await service.exportCalendar()).first)
      let todos = calendar.components(named: "VTODO")
      #expect(todos.count == 2)
      #expect(
        todos.compactMap { $0.property(named: "RECURRENCE-ID")?.value } == ["20261130T093000"])
      #expect(todos[0].properties(named: "EXDATE").count == 1)
      #expect(
        try await service.changedOccurrences(of: todo.id).map(\.text) == [
          "2026/11/30 09:30: Stand-up (long)"
        ])
    }
  }

  @Test("a rule written in an older store's calendar text becomes the todo's own when it opens")
  func olderStoresAdoptTheirRules() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = SettableClock()
    var service = try await TodoService.open(store.location, now: { clock.now() })
    let todo = try await service.createTodo(
      NewTodo(title: "Bins out", deadline: try Deadline(year: 2026, month: 11, day: 24)))
    // What a server before repeat rules stored for a client's repeating todo.
    try await service.container.write { tx in
      try tx.insert(
        CalendarData(
          id: todo.id, uid: "bins",
          kept: "BEGIN:VTODO\r\nRRULE:FREQ=WEEKLY\r\nX-TODO-REPEAT-FROM:COMPLETION\r\n"
            + "PRIORITY:1\r\nEND:VTODO\r\n"))
    }
    try service.close()
    service = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? service.close() }
    let adopted = try await service.todo(id: todo.id)
    #expect(adopted.recurrence == (try Recurrence(rule: "FREQ=WEEKLY", mode: .afterCompletion)))
    #expect(adopted.priority == .p1, "its kept PRIORITY is its priority too")
    let exported = try #require(try await Self.exported(service)["bins"])
    #expect(exported.properties(named: "RRULE").map(\.value) == ["FREQ=WEEKLY"])
    #expect(exported.property(named: "X-TODO-REPEAT-FROM")?.value == "COMPLETION")
    #expect(exported.property(named: "PRIORITY")?.value == "1")
    #expect(try await service.adoptCalendarRepeatRules() == 0)
  }

  @Test("todos that do not repeat, or by a rule this app cannot follow, are simply completed")
  func plainCompletion() async throws {
    try await SettableClock.with { service, _ in
      let made = try await service.createTodo(
        NewTodo(title: "Buy milk", deadline: try Deadline(year: 2026, month: 11, day: 24)))
      let plain = Self.calendar(["UID:once", "SUMMARY:Once", "DUE;VALUE=DATE:20261124"])
      // A lunar calendar (RFC 7529's RSCALE), and a rule RFC 5545 does not allow.
      let lunar = Self.calendar([
        "UID:lunar", "SUMMARY:New year", "DUE:20261124T090000Z",
        "RRULE:RSCALE=CHINESE;FREQ=YEARLY",
      ])
      let invalid = Self.calendar([
        "UID:invalid", "SUMMARY:First of the week", "DUE;VALUE=DATE:20261130",
        "RRULE:FREQ=WEEKLY;BYMONTHDAY=1",
      ])
      for text in [plain, lunar, invalid] { _ = try await service.importCalendar(text) }
      for todo in try await Self.inbox(service) {
        #expect(todo.recurrence == nil)
        let done = try await service.updateTodo(id: todo.id, TodoPatch(status: .done))
        #expect(done.status == .done && done.deadline == todo.deadline, "\(todo.title)")
      }
      #expect(try await Self.inbox(service).count == 4)
      #expect(try await service.todo(id: made.id).status == .done)
      let exported = try await Self.exported(service)
      #expect(exported["invalid"]?.property(named: "RRULE")?.value == "FREQ=WEEKLY;BYMONTHDAY=1")
      #expect(
        exported["lunar"]?.property(named: "RRULE")?.value == "RSCALE=CHINESE;FREQ=YEARLY")
    }
  }
}
