import Foundation
import Testing

/// `todo add` reads the text as the page does, `--repeat` and `todo edit --repeat` set a
/// repeat, and `todo done` moves a repeating todo on.
@Suite("todo add and edit with repeats")
struct RepeatCLITests {
  @Test("add reads a repeat and a time from the text, says what it read, and done moves it on")
  func addReadsTheText() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let added = try cli.ok(["add", "Call mum every Monday 9:00"])
    #expect(added.hasPrefix("Added: Call mum ("), "\(added)")
    #expect(added.contains(" — every Monday 09:00, next "), "\(added)")
    let todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["title"] as? String == "Call mum")
    #expect(todo?["repeatRule"] as? String == "FREQ=WEEKLY;BYDAY=MO")
    let first = try #require(todo?["deadline"] as? String)
    #expect(first.hasSuffix("T09:00"))

    let done = try cli.ok(["done", "1"])
    #expect(done.contains(" — every Monday 09:00, next "), "\(done)")
    let moved = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(moved?["status"] as? String == "notStarted")
    let second = try #require(moved?["deadline"] as? String)
    #expect(second > first)

    // Skip: a week on again, nothing recorded as done.
    let skipped = try cli.ok(["skip", "1"])
    #expect(skipped.hasPrefix("Skipped: Call mum ("), "\(skipped)")
    let after = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect((after?["deadline"] as? String).map { $0 > second } == true)
    let plain = try cli.ok(["add", "Once", "--as-typed"])
    #expect(plain.hasPrefix("Added: Once"))
    _ = try cli.ok(["ls"])
    let refused = try cli.run(["skip", "2"])
    #expect(refused.status != 0 && refused.stderr.contains("repeat: the todo does not repeat"))
  }

  @Test("--as-typed keeps the text; --repeat takes words or a rule")
  func asTypedAndRepeatOption() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Call mum every Monday", "--as-typed"])
    try cli.ok(["add", "Clean the filter", "--repeat", "every 3 days after done"])
    try cli.ok(["add", "Standup", "--repeat", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"])
    let todos = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(
      todos.map { $0["title"] as? String } == [
        "Call mum every Monday", "Clean the filter", "Standup",
      ])
    #expect(todos[0]["repeatRule"] == nil && todos[0]["deadline"] == nil)
    #expect(todos[1]["repeatRule"] as? String == "FREQ=DAILY;INTERVAL=3")
    #expect(todos[1]["repeatMode"] as? String == "after-completion")
    #expect(todos[2]["repeatRule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")

    try cli.ok(["edit", "3", "--repeat", ""])
    let stopped = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(stopped[2]["repeatRule"] == nil)
  }

  @Test("a repeat that cannot be read is refused, naming the field, and nothing is added")
  func badRepeats() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for repeatText in ["whenever", "FREQ=SOMETIMES", "FREQ=DAILY;UNTIL=20200101"] {
      let result = try cli.run(["add", "Nope", "--repeat", repeatText, "--due", "2026-01-05"])
      #expect(result.status != 0, "\(repeatText)")
      #expect(result.stderr.contains("repeat: "), "\(repeatText): \(result.stderr)")
    }
    #expect(try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).isEmpty)
  }
}
