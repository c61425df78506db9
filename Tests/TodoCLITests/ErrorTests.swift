import Foundation
import Testing

/// Exit codes and messages: every error exits non-zero with its message on stderr.
@Suite("todo errors and short numbers")
struct ErrorTests {
  @Test("a malformed or impossible date is refused with exit 1 and nothing is added")
  func badDates() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for date in ["2026-02-30", "2026-13-01", "2026-01-01T25:00", "soon", "every monday"] {
      let result = try cli.run(["add", "Thing", "--due", date])
      #expect(result.status == 1, "\(date)")
      #expect(result.stderr.hasPrefix("Error: deadline: "), "\(date): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    // What is wrong with a date written with digits; what may be written otherwise.
    #expect(
      try cli.run(["add", "Thing", "--due", "2026-02-30"]).stderr.contains(
        "not a day of the calendar"))
    #expect(
      try cli.run(["add", "Thing", "--start", "soon"]).stderr
        == "Error: start: \"soon\" is not a date; write yyyy-MM-dd (optionally with HH:mm) "
        + "or words such as tomorrow, friday 9:00, in 3 days\n")
    #expect(try cli.ok(["ls"]) == "No todos.\n")
    let search = try cli.run(["search", "x", "--from", "2026/01/01"])
    #expect(search.status == 1)
  }

  @Test("an empty or blank title is refused with exit 1")
  func emptyTitles() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for title in ["", "   "] {
      let result = try cli.run(["add", title])
      #expect(result.status == 1)
      #expect(result.stderr == "Error: title: a title cannot be empty\n")
    }
    try cli.ok(["add", "Real"])
    try cli.ok(["ls"])
    let edit = try cli.run(["edit", "1", "--title", " "])
    #expect(edit.status == 1)
    #expect(edit.stderr == "Error: title: a title cannot be empty\n")
    let long = try cli.run(["add", String(repeating: "x", count: 1001)])
    #expect(long.status == 1)
    #expect(long.stderr.contains("1000 characters"))
  }

  @Test("an unknown status or list is an error with its own exit code")
  func unknownStatusAndList() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let status = try cli.run(["ls", "--status", "finished"])
    #expect(status.status == 1)
    #expect(status.stderr.contains("unknown status \"finished\""))
    let list = try cli.run(["add", "Thing", "--list", "Nowhere"])
    #expect(list.status == 2)
    #expect(list.stderr.hasPrefix("Error: no list named \"Nowhere\" (lists: Inbox)"))
  }

  @Test("N must be a number the last listing showed")
  func unknownNumbers() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Only"])
    let before = try cli.run(["done", "1"])
    #expect(before.status == 2)
    #expect(before.stderr.contains("run `todo ls` first"))
    try cli.ok(["ls"])
    let unknown = try cli.run(["done", "2"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "Error: no todo number 2 in the last listing (`todo ls`: it showed 1 to 1)\n")
    let syntax = try cli.run(["done", "first"])
    #expect(syntax.status == 64)
    #expect(syntax.stderr.contains("first"))
    try cli.ok(["rm", "1", "--yes"])
    let trashed = try cli.run(["done", "1"])
    #expect(trashed.status == 2)
    #expect(trashed.stderr.hasPrefix("Error: no todo "))
  }

  @Test("a full identifier or a prefix of 8 or more characters names a todo")
  func identifiers() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let todos = try cli.ok(["add", "By id", "--json"])
    let todo = try #require(
      try JSONSerialization.jsonObject(with: Data(todos.utf8)) as? [String: Any])
    let id = try #require(todo["id"] as? String)
    #expect(try cli.ok(["start", id]).hasPrefix("Started: By id ("))
    #expect(try cli.ok(["done", String(id.prefix(8)).lowercased()]).hasPrefix("Done: By id ("))
    let none = try cli.run(["done", "ffffffff"])
    if !id.lowercased().hasPrefix("ffffffff") {
      #expect(none.status == 2)
      #expect(none.stderr.contains("no todo has an identifier starting with ffffffff"))
    }
    let unknown = try cli.run(["done", UUID().uuidString])
    #expect(unknown.status == 2)
  }

  @Test("--db with --server, a bad server URL and an unreachable server are errors")
  func backends() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let both = try cli.run(["ls", "--db", cli.database.path, "--server", "http://127.0.0.1:1"])
    #expect(both.status == 1)
    #expect(both.stderr.contains("either --db or --server"))
    let bad = try cli.run(["ls", "--server", "ftp://example"])
    #expect(bad.status == 1)
    let unreachable = try cli.run(["ls", "--server", "http://127.0.0.1:1"])
    #expect(unreachable.status == 4)
    #expect(unreachable.stderr.hasPrefix("Error: cannot reach the server at http://127.0.0.1:1"))
    var viaEnvironment = cli
    viaEnvironment.environment["TODO_SERVER"] = "http://127.0.0.1:1"
    #expect(try viaEnvironment.run(["lists"]).status == 4)
    #expect(try viaEnvironment.run(["lists", "--db", cli.database.path]).status == 0)
  }
}
