import ICalendar
import Testing

@Suite("Errors")
struct ICalendarErrorTests {
  func error(_ text: String) -> ICalendarError? {
    do {
      _ = try Component.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("a line without a colon")
  func missingColon() {
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nthis is not a property\r\nEND:VCALENDAR\r\n"
    #expect(error(text) == ICalendarError(line: 3, reason: .missingColon))
    #expect(
      error(text)?.description
        == "line 3: the line has no ':' separating the property name from its value")
  }

  @Test("line numbers count physical lines, before unfolding")
  func physicalLineNumbers() {
    let text = "BEGIN:VCALENDAR\r\nDESCRIPTION:a\r\n b\r\n c\r\n\r\nNOCOLON\r\nEND:VCALENDAR\r\n"
    #expect(error(text) == ICalendarError(line: 6, reason: .missingColon))
  }

  @Test("BEGIN without END names the BEGIN line")
  func beginWithoutEnd() {
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\n"
    #expect(error(text) == ICalendarError(line: 3, reason: .missingEnd(component: "VTODO")))
    #expect(error(text)?.description == "line 3: BEGIN:VTODO has no matching END:VTODO")
  }

  @Test("END that does not match its BEGIN")
  func mismatchedEnd() {
    let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nEND:VCALENDAR\r\n"
    #expect(
      error(text)
        == ICalendarError(
          line: 4, reason: .mismatchedEnd(expected: "VTODO", found: "VCALENDAR", beginLine: 2)))
    #expect(
      error(text)?.description == "line 4: END:VCALENDAR does not close BEGIN:VTODO of line 2")
    #expect(error("BEGIN:VTODO\r\nEND:vtodo\r\n") == nil)
  }

  @Test("END with nothing open")
  func endWithoutBegin() {
    #expect(
      error("BEGIN:A\r\nEND:A\r\nEND:B\r\n")
        == ICalendarError(line: 3, reason: .endWithoutBegin(component: "B")))
  }

  @Test("a property outside any component")
  func propertyOutside() {
    let text = "VERSION:2.0\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
    #expect(
      error(text) == ICalendarError(line: 1, reason: .propertyOutsideComponent(property: "VERSION"))
    )
    let after = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nX-TRAILING:1\r\n"
    #expect(
      error(after)
        == ICalendarError(line: 3, reason: .propertyOutsideComponent(property: "X-TRAILING")))
  }

  @Test(
    "malformed lines",
    arguments: [
      ("SUM MARY:x", ICalendarError.Reason.invalidName("SUM MARY")),
      (":x", .invalidName("")),
      ("X;:v", .invalidParameterName("")),
      ("X;P Q=1:v", .invalidParameterName("P Q")),
      ("X;NOVALUE:v", .missingParameterValue(parameter: "NOVALUE")),
      (#"X;P="open:v"#, .unterminatedQuote(parameter: "P")),
      (#"X;P=a"b":v"#, .misplacedQuote(parameter: "P")),
      (#"X;P="a"b:v"#, .misplacedQuote(parameter: "P")),
      (#"X;P="a:b""#, .missingColon),
      ("BEGIN:", .missingComponentName),
    ])
  func malformed(line: String, reason: ICalendarError.Reason) {
    #expect(
      error("BEGIN:VCALENDAR\r\n\(line)\r\nEND:VCALENDAR\r\n")
        == ICalendarError(line: 2, reason: reason))
  }

  @Test("a continuation line first, and bytes that are not UTF-8")
  func continuationAndUTF8() throws {
    #expect(error(" X:1\r\n") == ICalendarError(line: 1, reason: .continuationWithoutLine))
    let bytes =
      Array("BEGIN:VCALENDAR\r\nX:".utf8) + [0xC3, 0x28] + Array("\r\nEND:VCALENDAR\r\n".utf8)
    #expect(throws: ICalendarError(line: 2, reason: .invalidUTF8)) {
      try Component.parse(utf8: bytes)
    }
  }
}
