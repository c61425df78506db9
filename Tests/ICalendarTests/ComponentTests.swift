import ICalendar
import Testing

@Suite("Components")
struct ComponentTests {
  @Test("canonical client output is written back byte for byte", arguments: Fixture.canonical)
  func byteForByte(fixture: Fixture) throws {
    let bytes = try fixture.bytes()
    let components = try Component.parse(utf8: bytes)
    #expect(Array(Component.serialize(components).utf8) == bytes)
  }

  @Test("parse → write → parse gives an equal tree", arguments: Fixture.allCases)
  func roundTrip(fixture: Fixture) throws {
    let components = try Component.parse(fixture.text())
    let written = Component.serialize(components)
    #expect(try Component.parse(written) == components)
    #expect(Component.serialize(try Component.parse(written)) == written)
  }

  @Test("the tree of Apple Reminders' output")
  func tree() throws {
    let calendar = try Fixture.appleReminders.calendar()
    #expect(calendar.name == "VCALENDAR")
    #expect(calendar.properties.map(\.name) == ["VERSION", "PRODID", "CALSCALE"])
    #expect(calendar.components.map(\.name) == ["VTIMEZONE", "VTIMEZONE", "VTODO"])
    let zone = calendar.components[0]
    #expect(zone.property(named: "tzid")?.value == "Europe/Berlin")
    #expect(zone.components.map(\.name) == ["DAYLIGHT", "STANDARD"])
    let todo = try #require(calendar.components(named: "vtodo").first)
    #expect(todo.components(named: "VALARM").count == 2)
    let location = try #require(
      todo.components[1].property(named: "X-APPLE-STRUCTURED-LOCATION"))
    #expect(location.parameter(named: "X-TITLE")?.value == "Supermarket, Mitte")
    #expect(
      location.parameter(named: "X-ADDRESS")?.value
        == #"Unter den Linden 1\\n10117 Berlin\\nGermany"#)
    #expect(location.value == "geo:52.517037,13.388860")
  }

  @Test("sloppy input: lowercase, LF, blank lines, tab folding, no final line end")
  func sloppy() throws {
    let calendar = try Fixture.sloppy.calendar()
    #expect(calendar.hasName("VCALENDAR") && calendar.name == "vcalendar")
    let todo = try Fixture.sloppy.todo()
    #expect(todo.summary == "Fix the bike")
    #expect(todo.due == (try .make(2026, 12, 1)))
    #expect(todo.otherProperties.map(\.description) == ["x-foo;x-param=1:v"])
    let written = calendar.description
    #expect(written.hasPrefix("BEGIN:vcalendar\r\nversion:2.0\r\n"))
    #expect(written.hasSuffix("END:vtodo\r\nEND:vcalendar\r\n"))
  }

  @Test("a stream of several calendars, and empty text")
  func stream() throws {
    let one = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
    let two = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let components = try Component.parse(one + two)
    #expect(components.count == 2)
    #expect(Component.serialize(components) == one + two)
    #expect(try Component.parse("") == [])
    #expect(try Component.parse("\r\n\r\n") == [])
  }

  @Test("a component built in code is written with CRLF and folding")
  func buildsText() {
    let todo = Component(
      name: "VTODO",
      properties: [
        ContentLine(name: "UID", text: "1"),
        ContentLine(name: "SUMMARY", text: String(repeating: "ab", count: 40)),
      ])
    let calendar = Component(name: "VCALENDAR", components: [todo])
    #expect(
      calendar.description
        == "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:"
        + String(repeating: "ab", count: 33) + "a\r\n b" + String(repeating: "ab", count: 6)
        + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
  }
}
