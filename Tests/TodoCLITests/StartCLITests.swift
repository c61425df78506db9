import Foundation
import Testing

/// `todo add/edit --start` and `--someday`.
@Suite("todo add and edit with start dates and Someday")
struct StartCLITests {
  @Test("--start sets a start, --someday puts a todo aside, --start '' removes it again")
  func startAndSomeday() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let added = try cli.ok(["add", "Plan the trip", "--due", "2031-01-10", "--start", "2031-01-06"])
    #expect(added.contains(" — due 2031/01/10, starts 2031/01/06"), "\(added)")
    var todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["start"] as? String == "2031-01-06")
    _ = try cli.ok(["add", "Call mum", "--repeat", "every monday", "--as-typed"])
    let listing = try cli.ok(["ls"])
    #expect(listing.contains("When"), "\(listing)")
    #expect(listing.contains("starts 2031/01/06") && listing.contains("every Monday"), "\(listing)")

    let aside = try cli.ok(["edit", "1", "--someday"])
    #expect(aside.contains("someday"), "\(aside)")
    #expect(try cli.ok(["ls"]).contains("someday"))
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["someday"] as? Bool == true && todo?["start"] == nil)

    _ = try cli.ok(["edit", "1", "--no-someday"])
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["someday"] == nil)
  }

  @Test("a start that is no date, or after the deadline, is refused naming start; nothing added")
  func badStarts() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for arguments in [
      ["add", "x", "--start", "soon"],
      ["add", "x", "--due", "2031-01-06", "--start", "2031-01-07"],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains("start: "), "\(arguments): \(result.stderr)")
    }
    #expect(try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).isEmpty)
  }
}
