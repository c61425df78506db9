import Foundation
import Testing

/// `todo rm` on a terminal: it asks, and only `y` or `yes` trashes.
@Suite("todo rm confirmation on a terminal")
struct ConfirmationTests {
  @Test("rm asks on a terminal; n keeps the todo, y trashes it")
  func asksOnTerminal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Keep me"])
    try cli.ok(["add", "Drop me"])
    try cli.ok(["ls"])
    let declined = try cli.runOnTerminal(["rm", "1"], answer: "n\n")
    #expect(declined.status == 1)
    #expect(declined.stderr.contains("Move \"Keep me\" to the trash? [y/N] "))
    #expect(declined.stderr.contains("Error: not confirmed; nothing changed"))
    let empty = try cli.runOnTerminal(["rm", "1"], answer: "\n")
    #expect(empty.status == 1, "the default answer is no")
    let accepted = try cli.runOnTerminal(["rm", "2"], answer: "y\n")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout.hasPrefix("Trashed: Drop me ("))
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [ ]  Keep me"])
  }
}

/// Colour: only when stdout is a terminal and `NO_COLOR` is not set.
@Suite("todo colour")
struct ColorTests {
  static let escape = "\u{1B}["

  @Test("ls colours its table on a terminal, not in a pipe, and never with NO_COLOR")
  func colourOnlyOnTerminal() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    cli.allowsColor = true
    try cli.ok(["add", "Late", "--due", "2001-01-01"])
    try cli.ok(["add", "Busy"])
    try cli.ok(["ls"])
    try cli.ok(["start", "2"])
    let piped = try cli.run(["ls"])
    #expect(piped.status == 0)
    #expect(!piped.stdout.contains(Self.escape))
    let coloured = try cli.outputOnTerminal(["ls"])
    #expect(coloured.contains("\(Self.escape)31m2001/01/01 !\(Self.escape)0m"))
    #expect(coloured.contains("\(Self.escape)33m[~]\(Self.escape)0m"))
    cli.allowsColor = false
    let plain = try cli.outputOnTerminal(["ls"])
    #expect(plain.contains("2001/01/01 !"))
    #expect(!plain.contains(Self.escape))
  }
}
