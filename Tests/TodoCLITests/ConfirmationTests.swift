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
