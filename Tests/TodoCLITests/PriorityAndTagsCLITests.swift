import Foundation
import Testing

/// `todo add/edit` with priorities and tags: in the text (`#tag`, `!1`) and as options.
@Suite("todo add and edit with priorities and tags")
struct PriorityAndTagsCLITests {
  @Test("the text's #tags and !1 are read; --priority, --tag and --untag change them")
  func priorityAndTags() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let added = try cli.ok(["add", "Buy milk #errands !1", "--tag", "shop"])
    #expect(added.contains("Added: Buy milk"), "\(added)")
    #expect(added.contains("P1, #errands, #shop"), "\(added)")
    var todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["title"] as? String == "Buy milk")
    #expect(todo?["priority"] as? Int == 1)
    #expect(todo?["tags"] as? [String] == ["errands", "shop"])
    _ = try cli.ok(["add", "Plain"])
    let listing = try cli.ok(["ls"])
    #expect(listing.contains("Tags"), "\(listing)")
    #expect(listing.contains("P1") && listing.contains("#errands #shop"), "\(listing)")

    _ = try cli.ok(["edit", "1", "--priority", "p3", "--untag", "#ERRANDS", "--tag", "dairy"])
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["priority"] as? Int == 3)
    #expect(todo?["tags"] as? [String] == ["shop", "dairy"])

    _ = try cli.ok(["edit", "1", "--priority", "", "--untag", "shop", "--untag", "dairy"])
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["priority"] == nil && todo?["tags"] == nil)

    // --as-typed keeps the text whole.
    _ = try cli.ok(["add", "Win #1 #prize !2", "--as-typed"])
    let typed = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).last
    #expect(typed?["title"] as? String == "Win #1 #prize !2" && typed?["tags"] == nil)
  }

  @Test("a bad priority or tag, or removing a tag the todo lacks, is refused; nothing changes")
  func refusals() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for arguments in [
      ["add", "x", "--priority", "5"], ["add", "x", "--priority", "high"],
      ["add", "x", "--tag", "two words"],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(
        result.stderr.contains("priority") || result.stderr.contains("tag"), "\(result.stderr)")
    }
    #expect(try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).isEmpty)
    _ = try cli.ok(["add", "Milk", "--tag", "dairy"])
    _ = try cli.ok(["ls"])
    let missing = try cli.run(["edit", "1", "--untag", "fruit"])
    #expect(missing.status != 0 && missing.stderr.contains("no tag #fruit"), "\(missing.stderr)")
    let todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["tags"] as? [String] == ["dairy"])
  }

  @Test("todo ls --filter lists what a filter finds across lists; a bad filter says where")
  func filter() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.ok(["list", "add", "Work"])
    _ = try cli.ok(["add", "Milk #errands"])
    _ = try cli.ok(["add", "Slides #work !1", "--list", "Work"])
    _ = try cli.ok(["add", "Report #work !2"])
    let listing = try cli.ok(["ls", "--filter", "#work & (p1 | p2)"])
    #expect(listing.contains("Slides") && listing.contains("Report"), "\(listing)")
    #expect(!listing.contains("Milk"), "\(listing)")
    let json = try #require(
      try cli.json(["ls", "--filter", "list: Work", "--json"]) as? [[String: Any]])
    #expect(json.map { $0["title"] as? String } == ["Slides"])
    #expect(try cli.ok(["ls", "--filter", "p4"]).contains("No todos match the filter."))

    let bad = try cli.run(["ls", "--filter", "#work &"])
    #expect(bad.status != 0 && bad.stderr.contains("at 8: expected a term"), "\(bad.stderr)")
    let mixed = try cli.run(["ls", "--filter", "p1", "--all"])
    #expect(mixed.status != 0 && mixed.stderr.contains("--filter"), "\(mixed.stderr)")
  }

  @Test("todo tags shows the tags with their open todos; todo tags rename merges everywhere")
  func tags() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.ok(["tags"]).contains("No tags."))
    _ = try cli.ok(["add", "Milk #errands #shop"])
    _ = try cli.ok(["add", "Bread #Shopping"])
    let shown = try cli.ok(["tags"])
    #expect(shown.contains("#errands") && shown.contains("#shop"), "\(shown)")
    let renamed = try cli.ok(["tags", "rename", "#Shopping", "shop"])
    #expect(renamed.contains("Renamed #Shopping to #shop on 1 todo"), "\(renamed)")
    let json = try #require(try cli.json(["tags", "--json"]) as? [[String: Any]])
    #expect(json.map { $0["name"] as? String } == ["errands", "shop"])
    #expect(json.map { $0["open"] as? Int } == [1, 2])
    let missing = try cli.run(["tags", "rename", "nothing", "x"])
    #expect(missing.status != 0, "\(missing.stderr)")
  }

  @Test("--color colours a tag (none takes it away), here and through a server")
  func colours() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.ok(["add", "Milk #errands"])
    #expect(
      try cli.ok(["tags", "rename", "errands", "errands", "--color", "teal"])
        == "#errands is teal\n")
    #expect(try cli.ok(["tags"]).contains("#errands     1  teal"))
    let server = try TestServer(database: cli.database, directory: cli.directory)
    defer { _ = server.stop() }
    let renamed = try cli.ok(
      ["tags", "rename", "errands", "chores", "--color", "none", "--server", server.url])
    #expect(renamed == "Renamed #errands to #chores on 1 todo\n#chores has no colour\n")
    let json = try #require(
      try cli.json(["tags", "--json", "--server", server.url]) as? [[String: Any]])
    #expect(json.map { $0["name"] as? String } == ["chores"])
    #expect(json.first?["color"] == nil)
    _ = try cli.ok([
      "tags", "rename", "chores", "chores", "--color", "pink", "--server", server.url,
    ])
    #expect(try cli.json(["tags", "--json"]) as? [[String: Any]] != nil)
    let local = try #require(try cli.json(["tags", "--json"]) as? [[String: Any]])
    #expect(local.first?["color"] as? String == "pink")
    let refused = try cli.run(["tags", "rename", "chores", "chores", "--color", "mauve"])
    #expect(refused.status != 0 && refused.stderr.contains("is not one of"), "\(refused.stderr)")
  }
}
