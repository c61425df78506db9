import Foundation
import Testing

/// `todo user` and `todo token`: the administrator's commands on the server's database.
@Suite("todo user and todo token")
struct AccountsCLITests {
  static let password = "correct horse battery"

  /// Adds a user with `--password-stdin`; returns stdout.
  @discardableResult
  static func addUser(
    _ cli: CLI, _ name: String, password: String = password,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try cli.ok(
      ["user", "add", name, "--password-stdin"], input: password + "\n",
      sourceLocation: sourceLocation)
  }

  @Test("user add --password-stdin adds a user that user list shows; the password is not printed")
  func addAndList() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.ok(["user", "list"]) == "No users.\n")
    let added = try cli.run(
      ["user", "add", "alice", "--password-stdin"], input: Self.password + "\n")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.lines.first == "Added user: alice")
    #expect(!added.stdout.contains(Self.password))
    #expect(!added.stderr.contains(Self.password))
    let list = try cli.run(["user", "list"]).lines
    #expect(list.count == 2)
    #expect(list.first?.split(separator: " ") == ["User", "Created", "Lists", "Tokens"])
    #expect(list.last?.hasPrefix("alice  ") == true)
  }

  @Test("a name in use, ignoring case, is refused")
  func duplicateName() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try Self.addUser(cli, "alice")
    let again = try cli.run(
      ["user", "add", "Alice", "--password-stdin"], input: "another fine password\n")
    #expect(again.status == 1)
    #expect(again.stderr.contains("a user named alice exists already"))
    #expect(try cli.run(["user", "list"]).lines.count == 2)
    let badName = try cli.run(["user", "add", "al ice", "--password-stdin"], input: "x\n")
    #expect(badName.status == 1)
  }

  @Test(
    "a short, common or name-containing password is refused with exit 1 and nothing stored",
    arguments: ["short", "", "password1234", "my-alice-password"])
  func badPassword(password: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let refused = try cli.run(
      ["user", "add", "alice", "--password-stdin"], input: password + "\n")
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("Error: password: "))
    #expect(refused.stdout.isEmpty)
    #expect(try cli.ok(["user", "list"]) == "No users.\n")
  }

  @Test("without --password-stdin and without a terminal, user add refuses")
  func needsTerminal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let refused = try cli.run(["user", "add", "alice"], input: Self.password + "\n")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("pass --password-stdin"))
    let noLine = try cli.run(["user", "add", "alice", "--password-stdin"])
    #expect(noLine.status == 1)
    #expect(try cli.ok(["user", "list"]) == "No users.\n")
  }

  @Test("on a terminal the password is asked twice; different answers change nothing")
  func terminalPrompt() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let differ = try cli.runOnTerminal(
      ["user", "add", "alice"], answer: "\(Self.password)\nsomething else entirely\n")
    #expect(differ.status == 1)
    #expect(differ.stderr.contains("New password for alice: "))
    #expect(differ.stderr.contains("the two passwords differ"))
    #expect(try cli.ok(["user", "list"]) == "No users.\n")
    let added = try cli.runOnTerminal(
      ["user", "add", "alice"], answer: "\(Self.password)\n\(Self.password)\n")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added user: alice\n"))
    #expect(!added.stderr.contains(Self.password))
  }

  @Test("the first user owns the lists that exist; a later one gets an Inbox of their own")
  func firstUserOwnsLists() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Buy milk"])
    try cli.ok(["list", "add", "Work"])
    let first = try Self.addUser(cli, "alice")
    #expect(
      first == """
        Added user: alice
        alice is the first user and now owns the lists that existed: 2 lists with 1 todo.

        """)
    let second = try Self.addUser(cli, "bob", password: "another fine password")
    #expect(second == "Added user: bob\n")
    let rows = try cli.run(["user", "list"]).lines.dropFirst().map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(rows.map { [$0[0], $0[3], $0[4]] } == [["alice", "2", "0"], ["bob", "1", "0"]])
  }

  @Test("user passwd sets a new password after the same checks; an unknown user is exit 2")
  func passwd() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try Self.addUser(cli, "alice")
    let changed = try cli.run(
      ["user", "passwd", "ALICE", "--password-stdin"], input: "a brand new secret\n")
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stdout.contains("Changed the password of alice"))
    #expect(changed.stdout.contains("signed out"))
    let short = try cli.run(["user", "passwd", "alice", "--password-stdin"], input: "short\n")
    #expect(short.status == 1)
    let unknown = try cli.run(
      ["user", "passwd", "carol", "--password-stdin"], input: "a brand new secret\n")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no user named \"carol\""))
  }

  @Test("user remove says what it will do and asks; declining keeps the user, --yes removes")
  func remove() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["add", "Buy milk"])
    try Self.addUser(cli, "alice")
    let piped = try cli.run(["user", "remove", "alice"], input: "y\n")
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("alice owns 1 list with 1 todo"))
    #expect(piped.stderr.contains("pass --yes"))
    let declined = try cli.runOnTerminal(["user", "remove", "alice"], answer: "n\n")
    #expect(declined.status == 1)
    #expect(declined.stderr.contains("will be deleted for good"))
    #expect(declined.stderr.contains("Remove the user alice? [y/N] "))
    #expect(declined.stderr.contains("not confirmed; nothing changed"))
    #expect(try cli.run(["user", "list"]).lines.count == 2)
    #expect(try cli.run(["user", "remove", "carol", "--yes"]).status == 2)
    let removed = try cli.ok(["user", "remove", "alice", "--yes"])
    #expect(removed == "Removed user: alice (deleted 1 list with 1 todo for good)\n")
    #expect(try cli.ok(["user", "list"]) == "No users.\n")
  }

  @Test("user remove --hand-to gives the lists to another user")
  func removeHandingLists() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["list", "add", "Work"])
    try Self.addUser(cli, "alice")
    try Self.addUser(cli, "bob", password: "another fine password")
    #expect(try cli.run(["user", "remove", "alice", "--hand-to", "carol", "--yes"]).status == 2)
    #expect(try cli.run(["user", "remove", "alice", "--hand-to", "alice", "--yes"]).status == 1)
    let removed = try cli.ok(["user", "remove", "alice", "--hand-to", "bob", "--yes"])
    #expect(removed == "Removed user: alice (handed 2 lists with 0 todos to bob)\n")
    let rows = try cli.run(["user", "list"]).lines
    #expect(rows.count == 2)
    #expect(rows.last?.split(separator: " ").first == "bob")
    #expect(rows.last?.split(separator: " ")[3] == "3")
  }

  @Test("token create prints the token once; token list shows it; revoke removes it")
  func tokens() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try Self.addUser(cli, "alice")
    #expect(try cli.ok(["token", "list", "--user", "alice"]) == "alice has no tokens.\n")
    let created = try cli.run(["token", "create", "--user", "alice", "--name", "laptop"])
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.lines.count == 1)
    let text = try #require(created.lines.first)
    let shape = try Regex("^todo_[0-9a-f]{32}_[0-9a-f]{64}$")
    #expect(text.wholeMatch(of: shape) != nil, "\(text)")
    #expect(created.stderr.contains("will not be shown again"))
    let prefix = String(text.dropFirst(5).prefix(8))
    try cli.ok(["token", "create", "--user", "ALICE", "--name", "calendar", "--read-only"])
    let duplicate = try cli.run(["token", "create", "--user", "alice", "--name", "Laptop"])
    #expect(duplicate.status == 1)
    #expect(try cli.run(["token", "create", "--user", "carol", "--name", "x"]).status == 2)

    let list = try cli.run(["token", "list", "--user", "alice"]).lines
    #expect(list.count == 3)
    #expect(list.first?.hasPrefix("Name") == true)
    let laptop = try #require(list.first { $0.hasPrefix("laptop ") })
    #expect(laptop.contains(" \(prefix) "))
    #expect(laptop.contains(" read-write "))
    #expect(laptop.hasSuffix(" never"))
    #expect(list.contains { $0.hasPrefix("calendar ") && $0.contains(" read ") })
    #expect(!list.joined().contains(text.suffix(64)), "the secret is never shown again")
    #expect(try cli.run(["user", "list"]).lines.last?.hasSuffix(" 2") == true)

    #expect(try cli.run(["token", "revoke", "--user", "alice", "nothing"]).status == 2)
    #expect(
      try cli.ok(["token", "revoke", "--user", "alice", prefix])
        == "Revoked token: laptop (\(prefix))\n")
    #expect(try cli.ok(["token", "revoke", "--user", "alice", "Calendar"]).hasPrefix("Revoked"))
    #expect(try cli.ok(["token", "list", "--user", "alice"]) == "alice has no tokens.\n")
  }

  @Test("the administrator commands refuse --server: they work on the server's database")
  func refuseServer() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for command in [
      ["user", "list"], ["user", "add", "alice", "--password-stdin"],
      ["token", "list", "--user", "alice"],
    ] {
      let refused = try cli.run(command + ["--server", "http://127.0.0.1:1"])
      #expect(refused.status == 1, "\(command)")
      #expect(refused.stderr.contains("works on the server's database"), "\(command)")
    }
  }
}
