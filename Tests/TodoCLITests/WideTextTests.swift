import Foundation
import Testing

/// Titles with wide characters, emoji and combining marks keep the table's columns aligned,
/// and long titles are cut to a terminal's width, never in a pipe or in `--json`, where a
/// program reads the whole title.
@Suite("todo ls with wide text")
struct WideTextTests {
  static let titles = [
    "牛乳を買う", "Pears 🍐", "Cafe\u{301} au lait", "👩‍👩‍👧 family dinner",
    "Write the quarterly report for the board, with every figure of the year",
    "北海道の天気予報を見てから東京の会議の資料を用意する",
  ]

  /// The terminal column at which `text` starts in `line`.
  static func column(of text: String, in line: String) -> Int? {
    guard let range = line.range(of: text) else { return nil }
    return line[..<range.lowerBound].reduce(0) { width, character in
      width + terminalWidth(character)
    }
  }

  /// The test's own measure of a character (independent of the code under test): CJK and
  /// emoji 2, combining marks 0, others 1, for the characters these tests use.
  static func terminalWidth(_ character: Character) -> Int {
    let scalar = character.unicodeScalars.first!
    if character.unicodeScalars.count == 2, character.unicodeScalars.last == "\u{301}" { return 1 }
    if scalar.properties.isEmojiPresentation { return 2 }
    if (0x3040...0x9FFF).contains(scalar.value) { return 2 }
    return 1
  }

  func filled() throws -> CLI {
    let cli = try CLI()
    for (index, title) in Self.titles.enumerated() {
      try cli.ok(["add", title, "--section", "S\(index)"])
    }
    return cli
  }

  @Test("the Section column starts at the same terminal column on every line")
  func alignedInAPipe() throws {
    let cli = try filled()
    defer { cli.cleanUp() }
    let result = try cli.run(["ls"])
    #expect(result.status == 0)
    let lines = result.lines
    #expect(lines.count == Self.titles.count + 1)
    let columns = Set(
      lines.dropFirst().enumerated().map { index, line in Self.column(of: "S\(index)", in: line) })
    #expect(columns.count == 1, "\(lines.joined(separator: "\n"))")
    #expect(columns.first.flatMap { $0 } != nil)
    // Not a terminal: every title whole.
    for title in Self.titles { #expect(result.stdout.contains(title)) }
  }

  @Test("on a terminal, long titles are cut with an ellipsis to its width; --json keeps them")
  func cutOnATerminal() throws {
    let cli = try filled()
    defer { cli.cleanUp() }
    let output = try cli.outputOnTerminal(["ls"], columns: 40)
    let lines = output.split(whereSeparator: \.isNewline).map(String.init)
    #expect(lines.count == Self.titles.count + 1, "\(output)")
    for line in lines {
      #expect(line.reduce(0) { $0 + Self.terminalWidth($1) } <= 40, "\(line)")
    }
    #expect(
      lines.contains { $0.contains("Write the quarterly") && $0.hasSuffix("…  S4") },
      "\(output)")
    #expect(!output.contains("every figure"))
    // A long title of wide characters is cut between two of them, never through one.
    #expect(
      lines.contains { $0.contains("北海道の天気") && $0.hasSuffix("…  S5") }, "\(output)")
    #expect(!output.contains("資料"))
    #expect(output.contains("牛乳を買う"), "short titles stay whole")
    let sections = Set(
      lines.dropFirst().enumerated().map { index, line in Self.column(of: "S\(index)", in: line) })
    #expect(sections.count == 1, "\(output)")
    let json = try cli.outputOnTerminal(["ls", "--json"], columns: 40)
    #expect(json.contains(Self.titles[4]))
  }
}
