import Foundation
import Testing

/// The everyday commands on a local database: add, ls, start, done, reopen, edit, mv.
@Suite("todo on a local database")
struct TodoFlowTests {
  @Test("add then ls shows a numbered table with deadline, overdue mark and section")
  func addAndList() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let added = try cli.ok(["add", "  Buy milk ", "--due", "2001-02-03", "--section", "Dairy"])
    #expect(added.hasPrefix("Added: Buy milk ("))
    try cli.ok(["add", "Pay rent", "--due", "2999-12-31T09:30", "--notes", "by transfer"])
    try cli.ok(["add", "Call mum"])
    let lines = try cli.run(["ls"]).lines
    #expect(
      lines == [
        "#  St   Title     Due               Section",
        "1  [ ]  Buy milk  2001/02/03 !      Dairy",
        "2  [ ]  Pay rent  2999/12/31 09:30",
        "3  [ ]  Call mum",
      ])
  }

  @Test("ls --json gives the API's todo objects with stable keys")
  func listJSON() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Apples", "--due", "2030-01-02", "--section", "Fruit", "--notes", "red"])
    let todos = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(todos.count == 1)
    let todo = try #require(todos.first)
    for key in ["id", "listID", "title", "notes", "deadline", "status", "section", "version"] {
      #expect(todo[key] != nil, "missing \(key)")
    }
    #expect(todo["title"] as? String == "Apples")
    #expect(todo["deadline"] as? String == "2030-01-02")
    #expect(todo["status"] as? String == "notStarted")
    #expect(todo["section"] as? String == "Fruit")
    #expect(todo["notes"] as? String == "red")
    #expect(todo["listID"] as? String == "00000000-0000-4000-8000-000000000001")
    #expect(todo["version"] as? Int == 1)
    let raw = try cli.ok(["ls", "--json"])
    let keys = ["\"createdAt\"", "\"deadline\"", "\"id\"", "\"listID\"", "\"notes\""]
    let positions = keys.compactMap { raw.range(of: $0)?.lowerBound }
    #expect(positions.count == keys.count && positions == positions.sorted(), "keys are sorted")
  }

  @Test("start, done and reopen change the status; ls hides done todos unless --all")
  func statuses() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for title in ["One", "Two", "Three"] { try cli.ok(["add", title]) }
    try cli.ok(["ls"])
    #expect(try cli.ok(["start", "1"]).hasPrefix("Started: One ("))
    #expect(try cli.ok(["done", "2"]).hasPrefix("Done: Two ("))
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [~]  One", "2  [ ]  Three"])
    #expect(
      try cli.run(["ls", "--all"]).lines == [
        "#  St   Title", "1  [~]  One", "2  [x]  Two", "3  [ ]  Three",
      ])
    #expect(try cli.run(["ls", "--status", "done"]).lines == ["#  St   Title", "1  [x]  Two"])
    #expect(try cli.ok(["reopen", "1"]).hasPrefix("Reopened: Two ("))
    let todos = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(todos.map { $0["status"] as? String } == ["inProgress", "notStarted", "notStarted"])
    #expect(todos.map { $0["version"] as? Int } == [2, 3, 1])
  }

  @Test("edit changes only the given fields; '' removes a deadline or section")
  func edit() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Draft", "--due", "2030-05-06", "--section", "Work"])
    try cli.ok(["ls"])
    #expect(
      try cli.ok(["edit", "1", "--title", "Final", "--notes", "see mail"]).hasPrefix(
        "Edited: Final ("))
    var todo = try #require((try cli.json(["ls", "--json"]) as? [[String: Any]])?.first)
    #expect(todo["title"] as? String == "Final")
    #expect(todo["notes"] as? String == "see mail")
    #expect(todo["deadline"] as? String == "2030-05-06")
    try cli.ok(["edit", "1", "--due", "", "--section", ""])
    todo = try #require((try cli.json(["ls", "--json"]) as? [[String: Any]])?.first)
    #expect(todo["deadline"] == nil || todo["deadline"] is NSNull)
    #expect(todo["section"] == nil || todo["section"] is NSNull)
    #expect(todo["title"] as? String == "Final")
    let nothing = try cli.run(["edit", "1"])
    #expect(nothing.status == 1)
    #expect(nothing.stderr.contains("nothing to change"))
  }

  @Test("mv --top, --bottom, --before and --after reorder the list")
  func move() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for title in ["A", "B", "C", "D"] { try cli.ok(["add", title]) }
    func order() throws -> [String] {
      try cli.run(["ls"]).lines.dropFirst().map { String($0.split(separator: " ").last!) }
    }
    #expect(try order() == ["A", "B", "C", "D"])
    #expect(try cli.ok(["mv", "4", "--top"]).hasPrefix("Moved: D ("))
    #expect(try order() == ["D", "A", "B", "C"])
    try cli.ok(["mv", "1", "--bottom"])
    #expect(try order() == ["A", "B", "C", "D"])
    try cli.ok(["mv", "1", "--after", "3"])
    #expect(try order() == ["B", "C", "A", "D"])
    try cli.ok(["mv", "4", "--before", "1"])
    #expect(try order() == ["D", "B", "C", "A"])
    let twoPlaces = try cli.run(["mv", "1", "--top", "--bottom"])
    #expect(twoPlaces.status == 1)
    #expect(twoPlaces.stderr.contains("exactly one of"))
    let itself = try cli.run(["mv", "2", "--before", "2"])
    #expect(itself.status == 1)
  }
}
