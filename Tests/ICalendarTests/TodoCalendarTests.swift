import ICalendar
import Testing

@Suite("A calendar for one todo")
struct TodoCalendarTests {
  @Test("VERSION, the caller's PRODID, CALSCALE and only the time zones the todo uses")
  func appleCalendar() throws {
    let source = try Fixture.appleReminders.calendar()
    let todo = try Fixture.appleReminders.todo()
    let calendar = todo.calendar(productID: "-//Example//Todo 1.0//EN", from: source)
    #expect(
      calendar.properties.map(\.description) == [
        "VERSION:2.0", "PRODID:-//Example//Todo 1.0//EN", "CALSCALE:GREGORIAN",
      ])
    #expect(calendar.components.count == 2)
    #expect(calendar.components[0] == source.components[0])
    #expect(calendar.components[0].property(named: "TZID")?.value == "Europe/Berlin")
    #expect(calendar.components[1] == todo.component)

    let reread = try Component.parse(calendar.description)
    #expect(reread == [calendar])
    #expect(TodoComponent.todos(in: reread[0]) == [todo])
  }

  @Test("a todo edited to use another zone takes that zone from the source")
  func switchesZone() throws {
    let source = try Fixture.appleReminders.calendar()
    var todo = try Fixture.appleReminders.todo()
    todo.due = try .make(2026, 11, 24, 9, 0, 0, .zoned(tzid: "America/Los_Angeles"))
    #expect(todo.timeZoneIDs == ["Europe/Berlin", "America/Los_Angeles"])
    let zones = todo.calendar(productID: "p", from: source).components(named: "VTIMEZONE")
    #expect(zones == Array(source.components[0...1]))
    todo.dtstart = nil
    todo.due = try .make(2026, 11, 24)
    #expect(todo.calendar(productID: "p", from: source).components(named: "VTIMEZONE") == [])
  }

  @Test("without a source: no CALSCALE, no time zones; PRODID is escaped TEXT")
  func withoutSource() throws {
    let todo = try Fixture.thunderbird.todo()
    let calendar = todo.calendar(productID: "-//Example, Inc.//Todo//EN")
    #expect(
      calendar.properties.map(\.description) == [
        "VERSION:2.0", #"PRODID:-//Example\, Inc.//Todo//EN"#,
      ])
    #expect(calendar.components.map(\.name) == ["VTODO"])
    let thunderbird = try Fixture.thunderbird.calendar()
    let full = todo.calendar(productID: "p", from: thunderbird)
    #expect(full.components.map(\.name) == ["VTIMEZONE", "VTODO"])
    #expect(full.property(named: "CALSCALE") == nil)
  }

  @Test("the written calendar of an edited Thunderbird todo keeps every unknown line")
  func editedThunderbird() throws {
    let source = try Fixture.thunderbird.calendar()
    var todo = try Fixture.thunderbird.todo()
    todo.status = .completed
    todo.percentComplete = 100
    todo.completed = try .make(2026, 10, 30, 16, 5, 0, .utc)
    let text = todo.calendar(
      productID: "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", from: source
    )
    .description
    let original = try Fixture.thunderbird.text()
    let expected =
      original
      .replacingOccurrences("STATUS:IN-PROCESS", with: "STATUS:COMPLETED")
      .replacingOccurrences("PERCENT-COMPLETE:40", with: "PERCENT-COMPLETE:100")
      .replacingOccurrences(
        "BEGIN:VALARM", with: "COMPLETED:20261030T160500Z\r\nBEGIN:VALARM"
      )
      .replacingOccurrences(
        "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\nVERSION:2.0",
        with: "VERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN")
    #expect(text == expected)
  }
}

extension String {
  /// The string with the one occurrence of `target` replaced.
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    guard let range = firstRange(of: target) else {
      Issue.record("'\(target)' not found")
      return self
    }
    var result = self
    result.replaceSubrange(range, with: replacement)
    return result
  }
}
