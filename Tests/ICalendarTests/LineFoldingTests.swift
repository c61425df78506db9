import ICalendar
import Testing

@Suite("Folding and unfolding")
struct LineFoldingTests {
  /// The physical lines of folded text, without their CRLF.
  func physicalLines(_ folded: String) -> [[UInt8]] {
    var lines = Array(folded.utf8).split(separator: 13, omittingEmptySubsequences: false)
      .map { Array($0.drop { $0 == 10 }) }
    #expect(lines.last == [])
    lines.removeLast()
    return lines
  }

  @Test("lines up to 75 octets stay whole; longer ones break at 75 with a space")
  func asciiFolding() {
    let exact = "SUMMARY:" + String(repeating: "x", count: 67)
    #expect(LineFolding.fold(exact) == exact + "\r\n")
    let long = "SUMMARY:" + String(repeating: "x", count: 150)
    let lines = physicalLines(LineFolding.fold(long))
    #expect(lines.map(\.count) == [75, 75, 10])
    #expect(lines.dropFirst().allSatisfy { $0.first == 32 })
  }

  @Test(
    "UTF-8 text folds at 75 octets without splitting a character, and unfolds back",
    arguments: [
      "😀", "🎉🎂", "買い物", "Ünïcödé ", "a😀b買", "👩‍💻 ", "🇩🇪", "e\u{301}", "👍🏽x",
    ])
  func utf8Folding(piece: String) throws {
    for prefix in 0..<6 {
      let value = String(repeating: "a", count: prefix) + String(repeating: piece, count: 60)
      let line = "DESCRIPTION:" + value
      let folded = LineFolding.fold(line)
      let lines = physicalLines(folded)
      #expect(lines.count > 1)
      var characters: [Character] = []
      for (index, bytes) in lines.enumerated() {
        #expect(bytes.count <= 75)
        let text = try #require(String(validating: bytes, as: UTF8.self))
        characters += index == 0 ? Array(text) : Array(text.dropFirst())
      }
      #expect(characters == Array(line))
      #expect(try LineFolding.unfold(folded) == [line])
      #expect(try ContentLine.parseLines(folded).first?.value == value)
    }
  }

  @Test("a grapheme cluster longer than a line is split between its scalars")
  func hugeCluster() throws {
    let cluster = "e" + String(repeating: "\u{301}", count: 60)
    let line = "X:" + cluster
    let folded = LineFolding.fold(line)
    for bytes in physicalLines(folded) {
      #expect(bytes.count <= 75)
      #expect(String(validating: bytes, as: UTF8.self) != nil)
    }
    #expect(try LineFolding.unfold(folded) == [line])
  }

  @Test("unfolding accepts CRLF, LF, tabs, blank lines and no final line end")
  func lenientUnfolding() throws {
    #expect(try LineFolding.unfold("A:1\r\n B\r\n\tC\r\n") == ["A:1BC"])
    #expect(try LineFolding.unfold("A:1\n B\n\nC:2") == ["A:1B", "C:2"])
    #expect(try LineFolding.unfold("\u{FEFF}A:1\r\n\r\n") == ["A:1"])
    #expect(try LineFolding.unfold("") == [])
  }
}
