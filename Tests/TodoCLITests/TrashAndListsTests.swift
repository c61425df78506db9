import Foundation
import Testing

/// Removing and restoring, searching, lists, export and import on a local database.
@Suite("todo trash, search, lists and transfer")
struct TrashAndListsTests {
  @Test("rm --yes trashes; trash numbers its todos; restore N brings one back")
  func removeAndRestore() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for title in ["Keep", "Drop", "Also drop"] { try cli.ok(["add", title]) }
    try cli.ok(["ls"])
    #expect(try cli.ok(["rm", "2", "--yes"]).hasPrefix("Trashed: Drop ("))
    try cli.ok(["ls"])
    try cli.ok(["rm", "-y", "2"])
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [ ]  Keep"])
    let trash = try cli.run(["trash"]).lines
    #expect(trash.count == 3)
    #expect(trash.contains("1  [ ]  Also drop") || trash.contains("2  [ ]  Also drop"))
    let number = trash.contains("1  [ ]  Drop") ? "1" : "2"
    #expect(try cli.ok(["restore", number]).hasPrefix("Restored: Drop ("))
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [ ]  Keep", "2  [ ]  Drop"])
    let contents = try #require(try cli.json(["trash", "--json"]) as? [String: Any])
    #expect(
      (contents["todos"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Also drop"])
  }

  @Test("rm without a terminal and without --yes refuses and changes nothing")
  func removeNeedsConfirmation() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Precious"])
    try cli.ok(["ls"])
    let refused = try cli.run(["rm", "1"], input: "y\n")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("stdin is not a terminal; pass --yes"))
    #expect(refused.stdout.isEmpty)
    #expect(try cli.run(["ls"]).lines == ["#  St   Title", "1  [ ]  Precious"])
    let emptying = try cli.run(["trash", "--empty"])
    #expect(emptying.status == 1)
  }

  @Test("trash --empty --yes deletes the trash for good")
  func emptyTrash() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Gone"])
    try cli.ok(["ls"])
    try cli.ok(["rm", "1", "--yes"])
    #expect(try cli.ok(["trash", "--empty", "--yes"]) == "Deleted 0 lists and 1 todos for good.\n")
    #expect(try cli.ok(["trash"]) == "The trash is empty.\n")
  }

  @Test("trash --delete N deletes that todo for good after asking, and only from the trash")
  func deleteOneFromTrash() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Gone"])
    try cli.ok(["add", "Kept"])
    try cli.ok(["ls"])
    try cli.ok(["rm", "1", "--yes"])
    try cli.ok(["rm", "2", "--yes"])
    let listing = try cli.ok(["trash"])
    let gone = try #require(
      listing.split(separator: "\n").first { $0.contains("Gone") }?.split(separator: " ").first)
    let refused = try cli.run(["trash", "--delete", String(gone)])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("stdin is not a terminal; pass --yes"))
    let deleted = try cli.ok(["trash", "--delete", String(gone), "--yes"])
    #expect(deleted.hasPrefix("Deleted for good: Gone ("), "\(deleted)")
    #expect(try cli.ok(["trash"]).contains("Kept"))
    #expect(!(try cli.ok(["trash"]).contains("Gone")))
    let both = try cli.run(["trash", "--delete", "1", "--empty"])
    #expect(both.status != 0)
    #expect(both.stderr.contains("--delete and --empty go alone"))
  }

  @Test("search matches title and notes ignoring case and numbers its results")
  func search() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Buy MILK"])
    try cli.ok(["add", "Bake bread", "--notes", "needs milk too"])
    try cli.ok(["add", "Walk"])
    #expect(
      try cli.run(["search", "milk"]).lines == [
        "#  St   Title", "1  [ ]  Buy MILK", "2  [ ]  Bake bread",
      ])
    try cli.ok(["done", "2"])
    #expect(
      try cli.run(["search", "milk", "--status", "done"]).lines == [
        "#  St   Title", "1  [x]  Bake bread",
      ])
    #expect(try cli.ok(["search", "nothing like it"]) == "Nothing found.\n")
    let found = try #require(try cli.json(["search", "walk", "--json"]) as? [[String: Any]])
    #expect(found.map { $0["title"] as? String } == ["Walk"])
  }

  @Test("lists, list add, rename, rm and restore; add --list and ls --list")
  func lists() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.ok(["list", "add", "Groceries"]) == "Added list: Groceries\n")
    try cli.ok(["add", "Apples", "--list", "groceries", "--section", "Fruit"])
    try cli.ok(["add", "Inbox item"])
    #expect(
      try cli.run(["lists"]).lines == [
        "List       Open  Done", "Inbox         1     0", "Groceries     1     0",
      ])
    #expect(try cli.ok(["list", "rename", "Groceries", "Shopping"]) == "Renamed list: Shopping\n")
    #expect(
      try cli.run(["ls", "--list", "shopping"]).lines == [
        "#  St   Title   Section", "1  [ ]  Apples  Fruit",
      ])
    let all = try cli.run(["ls"]).lines
    #expect(all.first == "#  St   Title       Section  List")
    #expect(all.dropFirst().contains("2  [ ]  Apples      Fruit    Shopping"))
    let refused = try cli.run(["list", "rm", "Shopping"])
    #expect(refused.status == 1)
    #expect(try cli.ok(["list", "rm", "Shopping", "--yes"]) == "Trashed list: Shopping\n")
    #expect(try cli.run(["lists"]).lines == ["List   Open  Done", "Inbox     1     0"])
    let inbox = try cli.run(["list", "rm", "Inbox", "--yes"])
    #expect(inbox.status == 1)
    #expect(inbox.stderr.contains("Inbox cannot be removed"))
    #expect(try cli.ok(["list", "restore", "shopping"]) == "Restored list: Shopping\n")
    let lists = try #require(try cli.json(["lists", "--json"]) as? [[String: Any]])
    #expect(lists.map { $0["name"] as? String } == ["Inbox", "Shopping"])
    let duplicate = try cli.run(["list", "add", "inbox"])
    #expect(duplicate.status == 1)
    #expect(duplicate.stderr.contains("exists already"))
  }

  @Test("export then import into a fresh database gives back every list and todo")
  func exportImportRoundTrip() throws {
    let source = try CLI()
    defer { source.cleanUp() }
    try source.ok(["list", "add", "Work"])
    try source.ok(["add", "Report", "--list", "Work", "--due", "2030-01-01T08:00"])
    try source.ok(["add", "Milk", "--notes", "oat"])
    try source.ok(["ls"])
    try source.ok(["done", "2"])
    try source.ok(["rm", "1", "--yes"])
    let file = source.directory.appendingPathComponent("backup.json")
    #expect(
      try source.ok(["export", file.path]) == "Exported 2 lists and 2 todos to \(file.path).\n")
    let stdout = try source.ok(["export"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    #expect(document["format"] as? Int == 1)

    let target = try CLI()
    defer { target.cleanUp() }
    #expect(try target.ok(["import", file.path]) == "Imported 2 lists and 2 todos.\n")
    let before = try #require(try source.json(["ls", "--all", "--json"]) as? [[String: Any]])
    let after = try #require(try target.json(["ls", "--all", "--json"]) as? [[String: Any]])
    #expect(after.map { $0["id"] as? String } == before.map { $0["id"] as? String })
    #expect(after.map { $0["status"] as? String } == ["done"])
    let trash = try #require(try target.json(["trash", "--json"]) as? [String: Any])
    #expect((trash["todos"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Milk"])
    #expect(
      try target.run(["lists"]).lines.map { $0.split(separator: " ").first } == [
        "List", "Inbox", "Work",
      ])

    let broken = target.directory.appendingPathComponent("broken.json")
    try Data(#"{"format": 1, "lists": []}"#.utf8).write(to: broken)
    let refused = try target.run(["import", broken.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("Error: cannot import:"))
    let missing = try target.run(["import", target.directory.appendingPathComponent("nope").path])
    #expect(missing.status == 4)
  }
}
