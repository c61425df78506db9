import ICalendar
import Testing

@Suite("TEXT values")
struct TextValueTests {
  static let pairs: [(text: String, raw: String)] = [
    ("plain", "plain"),
    ("a, b; c", #"a\, b\; c"#),
    ("back\\slash", #"back\\slash"#),
    ("two\nlines", #"two\nlines"#),
    ("colon: stays", "colon: stays"),
    ("\\n is not a newline", #"\\n is not a newline"#),
    ("", ""),
    ("emoji 🎉, 買い物", #"emoji 🎉\, 買い物"#),
  ]

  @Test("escaping and unescaping are inverse", arguments: pairs)
  func bothWays(pair: (text: String, raw: String)) {
    #expect(TextValue.escape(pair.text) == pair.raw)
    #expect(TextValue.unescape(pair.raw) == pair.text)
  }

  @Test("\\N is a newline, CRLF and CR are written as \\n, unknown escapes are kept")
  func lenientForms() {
    #expect(TextValue.unescape(#"a\Nb"#) == "a\nb")
    #expect(TextValue.escape("a\r\nb\rc") == #"a\nb\nc"#)
    #expect(TextValue.unescape(#"a\:b\"#) == #"a\:b\"#)
  }

  @Test("lists split on unescaped commas only")
  func lists() {
    #expect(TextValue.unescapeList("home,garden") == ["home", "garden"])
    #expect(TextValue.unescapeList(#"a\,b,c\\,d"#) == ["a,b", "c\\", "d"])
    #expect(TextValue.unescapeList("") == [])
    #expect(TextValue.escapeList(["a,b", "c"]) == #"a\,b,c"#)
    let texts = ["x,y", "z;w", "back\\", "new\nline"]
    #expect(TextValue.unescapeList(TextValue.escapeList(texts)) == texts)
  }

  static let alphabet: [String] = [
    "a", " ", ",", ";", ":", "\\", "n", "N", "\n", "\r\n", "é", "😀", "👩‍💻", "買", "\t", "\"",
  ]

  @Test("random text survives escaping, folding, parsing and unescaping (1,000 values)")
  func randomRoundTrip() throws {
    var random = SplitMix(seed: 5545)
    for _ in 0..<1000 {
      let text = random.string(from: Self.alphabet, maxLength: 120)
      let written = ContentLine(name: "DESCRIPTION", text: text).folded()
      let lines = try ContentLine.parseLines(written)
      let expected = text.replacing("\r\n", with: "\n")
      #expect(lines.map(\.textValue) == [expected], "\(written)")
    }
  }
}
