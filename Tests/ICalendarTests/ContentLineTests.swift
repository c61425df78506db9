import ICalendar
import Testing

@Suite("Content lines")
struct ContentLineTests {
  @Test("name, parameters in order with their values, and the raw value")
  func parsesParts() throws {
    let line = try ContentLine(
      parsing: #"ATTENDEE;ROLE=REQ-PARTICIPANT;DELEGATED-FROM="mailto:a@example.com","#
        + #""mailto:b@example.com";CN=Jane Doe:mailto:jane@example.com"#)
    #expect(line.name == "ATTENDEE")
    #expect(line.parameters.map(\.name) == ["ROLE", "DELEGATED-FROM", "CN"])
    #expect(
      line.parameter(named: "delegated-from")?.values == [
        "mailto:a@example.com", "mailto:b@example.com",
      ])
    #expect(line.parameter(named: "cn")?.value == "Jane Doe")
    #expect(line.value == "mailto:jane@example.com")
  }

  @Test("the value starts at the first colon outside quotes and is kept raw")
  func valueIsRaw() throws {
    let line = try ContentLine(parsing: #"X-FOO;X-P="a:b;c":v:w;x\,y"#)
    #expect(line.parameter(named: "X-P")?.value == "a:b;c")
    #expect(line.value == #"v:w;x\,y"#)
    #expect(try ContentLine(parsing: "SUMMARY:").value == "")
    #expect(try ContentLine(parsing: "X-EMPTY;X-P=:v").parameter(named: "x-p")?.value == "")
  }

  @Test("names are kept as written and compared without case")
  func caseInsensitiveNames() throws {
    let line = try ContentLine(parsing: "summary;language=de:Milch")
    #expect(line.name == "summary")
    #expect(line.hasName("SUMMARY") && line.hasName("Summary"))
    #expect(line.parameter(named: "LANGUAGE")?.name == "language")
    #expect(line.description == "summary;language=de:Milch")
  }

  @Test("written back as read, quotes included, with CRLF")
  func writesBack() throws {
    let text = #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE="Home":geo:1,2"#
    let line = try ContentLine(parsing: text)
    #expect(line.description == text)
    #expect(line.folded() == text + "\r\n")
  }

  @Test("RFC 6868 caret escapes in parameter values")
  func caretEscapes() throws {
    let line = try ContentLine(parsing: #"X-FOO;X-ADDRESS="1 Main St^nSpringfield";X-Q=^'q^' ^^:v"#)
    #expect(line.parameter(named: "X-ADDRESS")?.value == "1 Main St\nSpringfield")
    #expect(line.parameter(named: "X-Q")?.value == "\"q\" ^")
    #expect(line.description == #"X-FOO;X-ADDRESS="1 Main St^nSpringfield";X-Q=^'q^' ^^:v"#)
  }

  @Test("setting and removing parameters keeps the others in place")
  func editsParameters() throws {
    var line = try ContentLine(parsing: "DUE;X-A=1;TZID=Europe/Berlin;X-B=2:20261124T090000")
    line.setParameter("tzid", value: "America/New_York")
    #expect(line.description == "DUE;X-A=1;TZID=America/New_York;X-B=2:20261124T090000")
    line.removeParameter(named: "TZID")
    line.setParameter("VALUE", value: "DATE")
    #expect(line.description == "DUE;X-A=1;X-B=2;VALUE=DATE:20261124T090000")
  }

  @Test("every line of a text, unfolded")
  func parsesLines() throws {
    let lines = try ContentLine.parseLines("A:1\r\nB;X=\"y\r\n z\":2\r\n 3\r\n\r\nC:4")
    #expect(lines.map(\.description) == ["A:1", #"B;X="yz":23"#, "C:4"])
  }
}
