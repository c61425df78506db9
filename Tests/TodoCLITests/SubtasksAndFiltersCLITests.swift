import Foundation
import Testing

/// `todo add --parent`, `todo mv --into`, `todo ls --tree`, `todo done` on a parent, and
/// saved filters (`todo filters`, `todo ls --view`).
@Suite("todo with subtasks and saved filters")
struct SubtasksAndFiltersCLITests {
  @Test("add --parent nests, mv --into moves under, ls --tree indents with progress")
  func subtasks() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.ok(["add", "Trip"])
    _ = try cli.ok(["ls"])
    _ = try cli.ok(["add", "Pack", "--parent", "1"])
    _ = try cli.ok(["add", "Tickets"])
    _ = try cli.ok(["ls"])
    _ = try cli.ok(["mv", "3", "--into", "1"])
    let tree = try cli.ok(["ls", "--tree"])
    #expect(tree.contains("Trip (0/2)"), "\(tree)")
    #expect(tree.contains("[ ]    Pack") && tree.contains("[ ]    Tickets"), "\(tree)")
    let todos = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    let trip = try #require(todos.first { $0["title"] as? String == "Trip" })
    #expect(todos.filter { $0["parentID"] as? String == trip["id"] as? String }.count == 2)

    // Done on a parent with open subtasks needs an answer; without a terminal, an option.
    _ = try cli.ok(["ls", "--tree"])
    let asked = try cli.run(["done", "1"])
    #expect(asked.status != 0 && asked.stderr.contains("2 open subtasks"), "\(asked.stderr)")
    _ = try cli.ok(["done", "1", "--with-subtasks"])
    let done = try #require(try cli.json(["ls", "--all", "--json"]) as? [[String: Any]])
    #expect(done.allSatisfy { $0["status"] as? String == "done" })
    // A cycle is refused, naming the field.
    _ = try cli.ok(["ls", "--tree", "--all"])
    let cycle = try cli.run(["mv", "1", "--into", "2"])
    #expect(cycle.status != 0 && cycle.stderr.contains("parentID"), "\(cycle.stderr)")
  }

  @Test("filters are saved, listed with their counts, shown by ls --view, changed and deleted")
  func savedFilters() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.ok(["add", "Report #work !1"])
    _ = try cli.ok(["add", "Milk #errands"])
    #expect(try cli.ok(["filters", "add", "Urgent work", "#work & p1"]).contains("Saved filter"))
    let bad = try cli.run(["filters", "add", "Broken", "#work &"])
    #expect(bad.status != 0 && bad.stderr.contains("at 8"), "\(bad.stderr)")
    let listed = try cli.ok(["filters"])
    #expect(listed.contains("Urgent work      1  #work & p1"), "\(listed)")
    #expect(try cli.ok(["ls", "--view", "urgent work"]).contains("Report"))
    _ = try cli.ok(["filters", "edit", "Urgent work", "--filter", "p1 | #errands"])
    let view = try cli.ok(["ls", "--view", "Urgent work"])
    #expect(view.contains("Report") && view.contains("Milk"), "\(view)")
    let unconfirmed = try cli.run(["filters", "rm", "Urgent work"])
    #expect(unconfirmed.status != 0)
    _ = try cli.ok(["filters", "rm", "Urgent work", "--yes"])
    let gone = try cli.run(["ls", "--view", "Urgent work"])
    #expect(gone.status == 2 && gone.stderr.contains("no filter named"), "\(gone.stderr)")
    #expect(try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).count == 2)
  }
}
