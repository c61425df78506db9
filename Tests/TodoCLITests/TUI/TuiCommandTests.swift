import Foundation
import Testing

/// `todo tui` outside a terminal, and its options.
@Suite("todo tui command")
struct TuiCommandTests {
  @Test("in a pipe it says it needs a terminal, and leaves the database alone")
  func needsATerminal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Kept"])
    let result = try cli.run(["tui"])
    #expect(result.status == 1)
    #expect(result.stderr == "Error: todo tui needs a terminal\n")
    #expect(result.stdout.isEmpty, "nothing drawn")
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [ ]  Kept"])
  }

  @Test("--db and --server together are refused")
  func oneBackend() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(["tui", "--db", "x.sqlite", "--server", "http://127.0.0.1:1"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("give either --db or --server, not both"))
  }
}
