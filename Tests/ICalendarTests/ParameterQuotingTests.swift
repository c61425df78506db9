import ICalendar
import Testing

@Suite("Parameter quoting")
struct ParameterQuotingTests {
  static let table: [(value: String, written: String)] = [
    ("plain", "plain"),
    ("with space", "with space"),
    ("a:b", #""a:b""#),
    ("a;b", #""a;b""#),
    ("a,b", #""a,b""#),
    ("mailto:x@example.com", #""mailto:x@example.com""#),
    ("", ""),
    ("say \"hi\"", "say ^'hi^'"),
    ("two\nlines", "two^nlines"),
    ("caret ^", "caret ^^"),
    ("Straße", "Straße"),
    ("\"quoted\", with comma", #""^'quoted^', with comma""#),
  ]

  @Test(
    "values with : ; , are quoted on write; \" and newlines are caret-escaped", arguments: table)
  func writes(row: (value: String, written: String)) throws {
    let line = ContentLine(
      name: "X-FOO", parameters: [PropertyParameter(name: "X-P", value: row.value)], value: "v")
    #expect(line.description == "X-FOO;X-P=" + row.written + ":v")
    #expect(PropertyParameter.needsQuotes(row.value) == row.written.hasPrefix("\""))
    let reread = try ContentLine(parsing: line.description)
    #expect(reread.parameter(named: "X-P")?.value == row.value)
    #expect(reread == line)
  }

  @Test("a value quoted in the input stays quoted; equality ignores quoting")
  func keepsQuotes() throws {
    let line = try ContentLine(parsing: #"ATTENDEE;CN="Jane";ROLE=CHAIR:mailto:j@example.com"#)
    #expect(line.description == #"ATTENDEE;CN="Jane";ROLE=CHAIR:mailto:j@example.com"#)
    #expect(line.parameter(named: "CN") == PropertyParameter(name: "CN", value: "Jane"))
  }

  @Test("multiple values are quoted one by one")
  func multipleValues() throws {
    let parameter = PropertyParameter(name: "MEMBER", values: ["mailto:a@x", "plain", "b,c"])
    #expect(parameter.description == #"MEMBER="mailto:a@x",plain,"b,c""#)
    let line = try ContentLine(parsing: "X;\(parameter.description):v")
    #expect(line.parameter(named: "member")?.values == parameter.values)
  }

  static let alphabet: [String] = [
    "a", "Z", "0", " ", ":", ";", ",", "\"", "^", "n", "'", "\n", "=", "\\", "é", "😀", "買", "\t",
  ]

  @Test("any parameter values survive writing and reading (1,000 random lines)")
  func randomRoundTrip() throws {
    var random = SplitMix(seed: 20_261_124)
    for _ in 0..<1000 {
      var parameters: [PropertyParameter] = []
      for index in 0..<(1 + random.next(3)) {
        let values = (0..<(1 + random.next(3))).map { _ in
          random.string(from: Self.alphabet, maxLength: 8)
        }
        parameters.append(PropertyParameter(name: "X-P\(index)", values: values))
      }
      let line = ContentLine(name: "X-FOO", parameters: parameters, value: "v;a:l,ue")
      let reread = try ContentLine.parseLines(line.folded())
      #expect(reread == [line], "\(line.description)")
    }
  }
}
