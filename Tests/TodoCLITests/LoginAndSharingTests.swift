import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line's remote account features: `todo login` and `todo logout`
/// against a `todo serve` whose database has users, the logins file, `$TODO_TOKEN`, and
/// `todo share`, `todo unshare` and `todo members` through the server and on the database.
///
/// Every person has a `todo` of their own (``CLI``: its own temporary HOME, XDG_STATE_HOME
/// and, set here, XDG_CONFIG_HOME, so the logins file stays inside it); the server runs in
/// an environment of its own too.
@Suite("todo login, logout, share, unshare and members against a server with accounts")
struct LoginAndSharingTests {
  static let passwords = [
    "alice": "purple-harbor-lantern",
    "bob": "quiet-meadow-compass",
    "carol": "amber-orchard-whistle",
  ]

  /// The shape of an API token.
  static func tokenShape() throws -> Regex<AnyRegexOutput> {
    try Regex("^todo_[0-9a-f]{32}_[0-9a-f]{64}$")
  }

  /// The logins file of a person's `todo`.
  static func loginsFile(of cli: CLI) -> URL {
    cli.directory.appendingPathComponent("config/todo/logins.json")
  }

  /// The logins file's contents by server: `user` and `token`.
  static func logins(of cli: CLI) throws -> [String: [String: String]] {
    let data = try Data(contentsOf: loginsFile(of: cli))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
  }

  /// The POSIX permissions of a file or folder.
  static func permissions(_ url: URL) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
  }

  /// `todo lists --json` through the server: the names.
  static func listNames(_ cli: CLI, _ url: String) throws -> [String] {
    let lists = try #require(
      try cli.json(["lists", "--json", "--server", url]) as? [[String: Any]])
    return lists.compactMap { $0["name"] as? String }
  }

  /// The identifier of the Inbox a person sees through the server (their own).
  static func inboxID(_ cli: CLI, _ url: String) throws -> String? {
    let lists = try #require(
      try cli.json(["lists", "--json", "--server", url]) as? [[String: Any]])
    let inboxes = lists.filter { $0["name"] as? String == "Inbox" }
    #expect(inboxes.count == 1, "\(lists)")
    return inboxes.first?["id"] as? String
  }

  /// A todo of `todo ls --json`: its title and its list's identifier.
  typealias TodoRow = (title: String, listID: String)

  /// `todo ls --json` through the server: the todos' titles and list identifiers.
  static func todos(_ cli: CLI, _ url: String, list: String? = nil) throws -> [TodoRow] {
    var arguments = ["ls", "--json", "--server", url]
    if let list { arguments += ["--list", list] }
    let todos = try #require(try cli.json(arguments) as? [[String: Any]])
    return todos.map { ($0["title"] as? String ?? "", $0["listID"] as? String ?? "") }
  }

  // MARK: - todo login

  @Test("login with a password keeps a token in a 0600 file; --server commands then use it")
  func loginWithPassword() throws {
    let site = try AccountSite(users: ["alice"])
    defer { site.close() }
    let alice = try site.client()
    let file = Self.loginsFile(of: alice)
    let password = try #require(Self.passwords["alice"])

    let login = try alice.run(
      ["login", site.url, "--user", "alice", "--password-stdin"], input: password + "\n")
    #expect(login.status == 0, "\(login.stderr)")
    #expect(login.stdout.contains("Signed in to \(site.url) as alice"), "\(login.stdout)")
    #expect(login.stdout.contains(file.path), "\(login.stdout)")
    #expect(!login.stdout.contains(password))
    #expect(!login.stderr.contains(password))

    #expect(try Self.permissions(file) == 0o600)
    #expect(try Self.permissions(file.deletingLastPathComponent()) == 0o700)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains(password))
    let stored = try #require(try Self.logins(of: alice)[site.url], "\(text)")
    #expect(stored["user"] == "alice")
    let token = try #require(stored["token"])
    #expect(token.wholeMatch(of: try Self.tokenShape()) != nil, "\(token)")

    // The token is one of alice's on the server, made for this login.
    let tokens = try site.admin.run(["token", "list", "--user", "alice", "--db", site.database])
    #expect(tokens.status == 0, "\(tokens.stderr)")
    #expect(tokens.lines.count == 2, "\(tokens.stdout)")
    let prefix = String(token.dropFirst(5).prefix(8))
    #expect(tokens.lines.last?.hasPrefix("todo on ") == true, "\(tokens.stdout)")
    #expect(tokens.lines.last?.contains(" \(prefix) ") == true, "\(tokens.stdout)")

    let lists = try alice.run(["lists", "--server", site.url])
    #expect(lists.status == 0, "\(lists.stderr)")
    #expect(lists.lines.dropFirst().map { $0.split(separator: " ").first } == ["Inbox"])
    let added = try alice.run(["add", "X", "--server", site.url])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added: X ("))
    let inbox = try #require(try Self.inboxID(alice, site.url))
    let todos = try Self.todos(alice, site.url)
    #expect(todos.map(\.title) == ["X"])
    #expect(todos.map(\.listID) == [inbox])
    let listing = try alice.run(["ls", "--server", site.url])
    #expect(listing.status == 0, "\(listing.stderr)")
    #expect(listing.lines.last?.hasSuffix("[ ]  X") == true, "\(listing.stdout)")
  }

  @Test("a user who is not the first one adds to their own Inbox through the server")
  func addGoesToTheSignedInUsersInbox() throws {
    let site = try AccountSite(users: ["alice", "bob"])
    defer { site.close() }
    let alice = try site.signedIn("alice")
    let bob = try site.signedIn("bob")

    let added = try bob.run(["add", "Y", "--server", site.url])
    #expect(added.status == 0, "todo add Y --server as bob: \(added.stderr)")
    let inbox = try #require(try Self.inboxID(bob, site.url))
    let todos = try Self.todos(bob, site.url)
    #expect(todos.map(\.title) == ["Y"])
    #expect(todos.map(\.listID) == [inbox])
    #expect(try Self.todos(alice, site.url).isEmpty)
  }

  @Test("a wrong password or unknown user is exit 5 and stores nothing; without a login, 5")
  func wrongPasswordAndNoLogin() throws {
    let site = try AccountSite(users: ["alice"])
    defer { site.close() }
    let alice = try site.client()
    let file = Self.loginsFile(of: alice)

    let wrong = try alice.run(
      ["login", site.url, "--user", "alice", "--password-stdin"],
      input: "not-the-right-password\n")
    #expect(wrong.status == 5)
    #expect(wrong.stdout.isEmpty)
    #expect(wrong.stderr.hasPrefix("Error: "))
    #expect(!wrong.stderr.contains("not-the-right-password"))
    #expect(!FileManager.default.fileExists(atPath: file.path))

    // An unknown user gets the same answer: the server does not tell which names exist.
    let unknown = try alice.run(
      ["login", site.url, "--user", "nobody", "--password-stdin"],
      input: "not-the-right-password\n")
    #expect(unknown.status == 5)
    #expect(unknown.stderr == wrong.stderr)
    #expect(!FileManager.default.fileExists(atPath: file.path))

    let noName = try alice.run(
      ["login", site.url, "--password-stdin"], input: "purple-harbor-lantern\n")
    #expect(noName.status == 1)
    #expect(noName.stderr.contains("--user"))
    #expect(!FileManager.default.fileExists(atPath: file.path))

    for command in [["lists"], ["ls"], ["add", "X"], ["members", "Inbox"]] {
      let refused = try alice.run(command + ["--server", site.url])
      #expect(refused.status == 5, "\(command): \(refused.stderr)")
      #expect(refused.stderr.contains("todo login"), "\(command): \(refused.stderr)")
      #expect(refused.stdout.isEmpty, "\(command)")
    }
  }

  @Test("login --token-stdin keeps a token made by token create; a malformed one is exit 1")
  func loginWithToken() throws {
    let site = try AccountSite(users: ["alice"])
    defer { site.close() }
    // Made while the server runs: SQLite lets the administrator write beside it.
    let token = try site.admin.ok(
      ["token", "create", "--user", "alice", "--name", "t", "--db", site.database]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.wholeMatch(of: try Self.tokenShape()) != nil, "\(token)")

    let alice = try site.client()
    let kept = try alice.run(["login", site.url, "--token-stdin"], input: token + "\n")
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(kept.stdout.contains("as alice"), "\(kept.stdout)")
    #expect(kept.stdout.contains(Self.loginsFile(of: alice).path), "\(kept.stdout)")
    #expect(try Self.logins(of: alice)[site.url] == ["user": "alice", "token": token])
    #expect(try Self.permissions(Self.loginsFile(of: alice)) == 0o600)
    #expect(try Self.listNames(alice, site.url) == ["Inbox"])

    // A malformed token is refused before anything is asked of a server (one that cannot be
    // reached answers the same) and the stored login stays as it was.
    let before = try Data(contentsOf: Self.loginsFile(of: alice))
    for server in [site.url, "http://127.0.0.1:1"] {
      for garbage in ["garbage", "todo_1234", token + "0", ""] {
        let refused = try alice.run(["login", server, "--token-stdin"], input: garbage + "\n")
        #expect(refused.status == 1, "\(server) \(garbage): \(refused.stderr)")
        #expect(refused.stdout.isEmpty)
      }
    }
    #expect(try Data(contentsOf: Self.loginsFile(of: alice)) == before)
    let stranger = try site.client()
    let garbage = try stranger.run(["login", site.url, "--token-stdin"], input: "garbage\n")
    #expect(garbage.status == 1)
    #expect(garbage.stderr.contains("not a todo token"), "\(garbage.stderr)")
    #expect(!FileManager.default.fileExists(atPath: Self.loginsFile(of: stranger).path))

    // A well-formed token the server does not know is not allowed, and not kept.
    let unknownToken =
      "todo_" + String(repeating: "0", count: 32) + "_"
      + String(repeating: "0", count: 64)
    let unknown = try stranger.run(["login", site.url, "--token-stdin"], input: unknownToken)
    #expect(unknown.status == 5, "\(unknown.stderr)")
    #expect(!FileManager.default.fileExists(atPath: Self.loginsFile(of: stranger).path))
  }

  @Test("$TODO_TOKEN overrides the stored login")
  func environmentTokenOverrides() throws {
    let site = try AccountSite(users: ["alice", "bob"])
    defer { site.close() }
    let alice = try site.signedIn("alice")
    try alice.ok(["list", "add", "Shop", "--server", site.url])
    let stored = try Self.logins(of: alice)
    let bobToken = try site.admin.ok(
      ["token", "create", "--user", "bob", "--name", "t", "--db", site.database]
    ).trimmingCharacters(in: .whitespacesAndNewlines)

    var asBob = alice
    asBob.environment["TODO_TOKEN"] = bobToken
    try asBob.ok(["list", "add", "Garden", "--server", site.url])
    #expect(try Self.listNames(asBob, site.url) == ["Inbox", "Garden"])
    #expect(try Self.listNames(alice, site.url) == ["Inbox", "Shop"])
    #expect(try Self.logins(of: alice) == stored)

    let bob = try site.signedIn("bob")
    #expect(try Self.listNames(bob, site.url) == ["Inbox", "Garden"])
  }

  @Test("a signed-in user makes a token through the server; a read-only one cannot write")
  func tokenCreateThroughTheServer() throws {
    let site = try AccountSite(users: ["alice"])
    defer { site.close() }
    let alice = try site.signedIn("alice")
    let token = try alice.ok(
      ["token", "create", "--name", "laptop", "--read-only", "--server", site.url]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.wholeMatch(of: try Self.tokenShape()) != nil, "\(token)")
    let listed = try site.admin.ok(["token", "list", "--user", "alice", "--db", site.database])
    #expect(listed.contains("laptop") && listed.contains("read "), "\(listed)")

    var reader = alice
    reader.environment["TODO_TOKEN"] = token
    #expect(try Self.listNames(reader, site.url) == ["Inbox"])
    let refused = try reader.run(["add", "x", "--server", site.url])
    #expect(refused.status == 5 && refused.stderr.contains("may only read"), "\(refused)")
    let again = try alice.run(["token", "create", "--name", "laptop", "--server", site.url])
    #expect(again.status == 1 && again.stderr.contains("exists already"), "\(again)")
    let both = try alice.run(
      ["token", "create", "--name", "y", "--user", "alice", "--server", site.url])
    #expect(both.status == 1, "\(both)")
  }

  // MARK: - Sharing

  @Test("share as viewer, then editor, then unshare: what bob sees and may do; carol sees nothing")
  func sharing() throws {
    let site = try AccountSite(users: ["alice", "bob", "carol"])
    defer { site.close() }
    let alice = try site.signedIn("alice")
    let bob = try site.signedIn("bob")
    let carol = try site.signedIn("carol")
    let url = site.url
    try alice.ok(["list", "add", "Shop", "--server", url])
    try alice.ok(["add", "Milk", "--list", "Shop", "--server", url])

    let shared = try alice.run(["share", "Shop", "bob", "--role", "viewer", "--server", url])
    #expect(shared.status == 0, "\(shared.stderr)")
    #expect(shared.stdout == "Shared \"Shop\" with bob (viewer).\n")
    #expect(try alice.ok(["members", "Shop", "--server", url]) == "alice  owner\nbob    viewer\n")
    let members = try #require(
      try alice.json(["members", "Shop", "--json", "--server", url]) as? [[String: Any]])
    #expect(members.map { $0["name"] as? String } == ["alice", "bob"])
    #expect(members.map { $0["role"] as? String } == ["owner", "viewer"])

    // bob, a viewer: sees and reads Shop, may not change it.
    #expect(try Self.listNames(bob, url) == ["Inbox", "Shop"])
    #expect(try Self.todos(bob, url, list: "Shop").map(\.title) == ["Milk"])
    #expect(try bob.ok(["members", "Shop", "--server", url]) == "alice  owner\nbob    viewer\n")
    let readOnly = try bob.run(["add", "x", "--list", "Shop", "--server", url])
    #expect(readOnly.status == 5, "\(readOnly.stderr)")
    #expect(readOnly.stderr.contains("read only"), "\(readOnly.stderr)")
    #expect(readOnly.stdout.isEmpty)
    try bob.ok(["ls", "--list", "Shop", "--server", url])
    let done = try bob.run(["done", "1", "--server", url])
    #expect(done.status == 5, "\(done.stderr)")
    #expect(done.stderr.contains("read only"), "\(done.stderr)")
    let reshare = try bob.run(["share", "Shop", "carol", "--server", url])
    #expect(reshare.status == 5, "\(reshare.stderr)")
    #expect(reshare.stderr.contains("owner"), "\(reshare.stderr)")
    #expect(try Self.todos(alice, url, list: "Shop").map(\.title) == ["Milk"])

    // bob, an editor: adds to Shop.
    let promoted = try alice.run(["share", "Shop", "bob", "--role", "editor", "--server", url])
    #expect(promoted.status == 0, "\(promoted.stderr)")
    #expect(promoted.stdout == "Shared \"Shop\" with bob (editor).\n")
    #expect(try alice.ok(["members", "Shop", "--server", url]) == "alice  owner\nbob    editor\n")
    let edited = try bob.run(["add", "x", "--list", "Shop", "--server", url])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(try Self.todos(alice, url, list: "Shop").map(\.title) == ["Milk", "x"])

    // carol, a stranger, never sees Shop.
    #expect(try Self.listNames(carol, url) == ["Inbox"])
    for command in [
      ["ls", "--list", "Shop"], ["members", "Shop"], ["add", "y", "--list", "Shop"],
      ["share", "Shop", "carol"], ["unshare", "Shop", "bob"],
    ] {
      let hidden = try carol.run(command + ["--server", url])
      #expect(hidden.status == 2, "carol \(command): \(hidden.stderr)")
      #expect(
        hidden.stderr.contains("no list named \"Shop\""), "carol \(command): \(hidden.stderr)")
    }

    // Unshared: Shop leaves bob's lists.
    let unshared = try alice.run(["unshare", "Shop", "bob", "--server", url])
    #expect(unshared.status == 0, "\(unshared.stderr)")
    #expect(unshared.stdout == "\"Shop\" is no longer shared with bob.\n")
    #expect(try alice.ok(["members", "Shop", "--server", url]) == "alice  owner\n")
    let bobLists = try bob.run(["lists", "--server", url])
    #expect(bobLists.status == 0, "\(bobLists.stderr)")
    #expect(!bobLists.stdout.contains("Shop"), "\(bobLists.stdout)")
    for command in [
      ["ls", "--list", "Shop"], ["add", "z", "--list", "Shop"], ["members", "Shop"],
    ] {
      let gone = try bob.run(command + ["--server", url])
      #expect(gone.status == 2, "bob \(command): \(gone.stderr)")
    }
    #expect(try Self.todos(bob, url).isEmpty)
    #expect(try Self.listNames(carol, url) == ["Inbox"])
    #expect(try Self.todos(alice, url, list: "Shop").map(\.title) == ["Milk", "x"])
  }

  // MARK: - todo logout

  @Test("logout revokes the token on the server and removes it from the logins file")
  func logout() throws {
    let site = try AccountSite(users: ["alice"])
    defer { site.close() }
    let alice = try site.signedIn("alice")
    let file = Self.loginsFile(of: alice)
    let token = try #require(try Self.logins(of: alice)[site.url]?["token"])

    // Any path after the server's origin names the same login.
    let out = try alice.run(["logout", site.url + "/"])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout == "Signed out of \(site.url); the token is revoked.\n")
    #expect(try Self.logins(of: alice)[site.url] == nil)
    #expect(try !String(contentsOf: file, encoding: .utf8).contains(token))
    #expect(try Self.permissions(file) == 0o600)

    var oldToken = alice
    oldToken.environment["TODO_TOKEN"] = token
    let revoked = try oldToken.run(["lists", "--server", site.url])
    #expect(revoked.status == 5, "\(revoked.stderr)")
    #expect(revoked.stderr.contains("todo login"), "\(revoked.stderr)")
    let signedOut = try alice.run(["lists", "--server", site.url])
    #expect(signedOut.status == 5, "\(signedOut.stderr)")
    #expect(
      try site.admin.ok(["token", "list", "--user", "alice", "--db", site.database])
        == "alice has no tokens.\n")

    let again = try alice.run(["logout", site.url])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == "Not signed in to \(site.url).\n")
  }

  // MARK: - The administrator, on the database

  @Test("share, members and unshare with --db work on the database; the server then agrees")
  func localAdministrator() throws {
    let site = try AccountSite(users: ["alice", "bob"]) { admin in
      // Made before the first user, who then owns it.
      try admin.ok(["list", "add", "Shop", "--db", admin.database.path])
    }
    defer { site.close() }
    let database = site.database
    #expect(try site.admin.ok(["members", "Shop", "--db", database]) == "alice  owner\n")

    let shared = try site.admin.run(["share", "Shop", "bob", "--role", "viewer", "--db", database])
    #expect(shared.status == 0, "\(shared.stderr)")
    #expect(shared.stdout == "Shared \"Shop\" with bob (viewer).\n")
    #expect(
      try site.admin.ok(["members", "Shop", "--db", database]) == "alice  owner\nbob    viewer\n")
    let nobody = try site.admin.run(["share", "Shop", "nobody", "--db", database])
    #expect(nobody.status == 2, "\(nobody.stderr)")
    let noList = try site.admin.run(["members", "Nothing", "--db", database])
    #expect(noList.status == 2, "\(noList.stderr)")

    // The server sees the administrator's share at once.
    let bob = try site.signedIn("bob")
    // Shop is older than bob's Inbox: the order of lists is not what is checked here.
    #expect(try Set(Self.listNames(bob, site.url)) == ["Inbox", "Shop"])
    let readOnly = try bob.run(["add", "x", "--list", "Shop", "--server", site.url])
    #expect(readOnly.status == 5, "\(readOnly.stderr)")

    let unshared = try site.admin.run(["unshare", "Shop", "bob", "--db", database])
    #expect(unshared.status == 0, "\(unshared.stderr)")
    #expect(try site.admin.ok(["members", "Shop", "--db", database]) == "alice  owner\n")
    #expect(try Self.listNames(bob, site.url) == ["Inbox"])
  }
}

// MARK: - Support

/// A `todo serve` on a database with users, the administrator's `todo` on that database, and
/// a `todo` per person.
private final class AccountSite {
  /// Runs the administrator commands; its database is the server's.
  let admin: CLI
  let server: AccountServer
  private var clients: [CLI] = []

  /// The server's URL.
  var url: String { server.url }
  /// The server's database file.
  var database: String { admin.database.path }

  /// Makes the database (`prepare` runs first, then `todo user add` for each of `users`),
  /// then starts the server on it.
  init(users: [String], prepare: (CLI) throws -> Void = { _ in }) throws {
    let admin = try CLI()
    do {
      try prepare(admin)
      for user in users {
        let password = try #require(LoginAndSharingTests.passwords[user])
        let added = try admin.run(
          ["user", "add", user, "--password-stdin", "--db", admin.database.path],
          input: password + "\n")
        try #require(added.status == 0, "user add \(user): \(added.stderr)")
      }
      server = try AccountServer(
        database: admin.database, directory: admin.directory.appendingPathComponent("server"))
    } catch {
      admin.cleanUp()
      throw error
    }
    self.admin = admin
  }

  /// A person's `todo`, signed in to nothing: its own HOME, XDG_STATE_HOME and
  /// XDG_CONFIG_HOME, and no `$TODO_TOKEN` of the test run's (an empty one is ignored).
  func client() throws -> CLI {
    var cli = try CLI()
    cli.environment["XDG_CONFIG_HOME"] = cli.directory.appendingPathComponent("config").path
    cli.environment["TODO_TOKEN"] = ""
    clients.append(cli)
    return cli
  }

  /// A person's `todo`, signed in as `user` with `todo login --password-stdin`.
  func signedIn(_ user: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI {
    let cli = try client()
    let password = try #require(LoginAndSharingTests.passwords[user])
    let login = try cli.run(
      ["login", url, "--user", user, "--password-stdin"], input: password + "\n")
    try #require(
      login.status == 0, "login \(user): \(login.stderr)", sourceLocation: sourceLocation)
    return cli
  }

  /// Stops the server and removes every temporary directory.
  func close() {
    server.stop()
    for cli in clients { cli.cleanUp() }
    admin.cleanUp()
  }
}

/// `todo serve --port 0` on a database, in an environment of its own (HOME and the XDG
/// directories inside `directory`, no `$TODO_DB`, `$TODO_SERVER` or `$TODO_TOKEN`), with
/// bounded waits: for the line it prints once it serves, and for its end.
private final class AccountServer {
  /// The longest wait for the serving line, and for the process to end.
  static let limit = 60

  let process = Process()
  let url: String
  private let ended: DispatchSemaphore
  private var stopped = false

  init(database: URL, directory: URL) throws {
    let files = FileManager.default
    try files.createDirectory(at: directory, withIntermediateDirectories: true)
    let log = directory.appendingPathComponent("server.log")
    _ = files.createFile(atPath: log.path, contents: nil)
    var environment = ProcessInfo.processInfo.environment
    for key in ["TODO_DB", "TODO_SERVER", "TODO_TOKEN", "DATABASE_URL"] {
      environment[key] = nil
    }
    environment["HOME"] = directory.path
    environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--port", "0", "--db", database.path]
    process.environment = environment
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    let ended = DispatchSemaphore(value: 0)
    self.ended = ended
    process.terminationHandler = { _ in ended.signal() }
    try process.run()

    let reader = FirstLineReader(output.fileHandleForReading)
    let line = reader.firstLine(within: Self.limit)
    let pattern = try Regex(#"^todo: serving (http://127\.0\.0\.1:[0-9]+) "#)
    guard let line, let match = line.firstMatch(of: pattern), let found = match[1].substring
    else {
      if process.isRunning { process.terminate() }
      if ended.wait(timeout: .now() + .seconds(Self.limit)) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
      }
      let errors = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
      throw StartError(message: "todo serve did not print its serving line: \(errors)")
    }
    url = String(found)
  }

  /// Sends SIGTERM and waits (boundedly) for the process to end; SIGKILL if it does not.
  func stop() {
    guard !stopped else { return }
    stopped = true
    if process.isRunning { process.terminate() }
    if ended.wait(timeout: .now() + .seconds(Self.limit)) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      _ = ended.wait(timeout: .now() + .seconds(Self.limit))
    }
  }

  struct StartError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

/// Reads a pipe to its end on another thread and hands over its first line with a time
/// limit; the rest of the output is read and dropped, so it never fills the pipe.
private final class FirstLineReader: @unchecked Sendable {
  // Safe: `line` is written under `lock` by the reading thread, read under `lock` after the
  // semaphore is signalled (or the wait timed out).
  private let lock = NSLock()
  private var line: String?
  private let found = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      var data = Data()
      var signalled = false
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        guard !signalled else { continue }
        data.append(chunk)
        if let end = data.firstIndex(of: UInt8(ascii: "\n")) {
          lock.withLock { line = String(decoding: data[..<end], as: UTF8.self) }
          found.signal()
          signalled = true
        }
      }
      if !signalled { found.signal() }
    }
  }

  /// The first line, or nil when the output ended without one or none came within `seconds`.
  func firstLine(within seconds: Int) -> String? {
    _ = found.wait(timeout: .now() + .seconds(seconds))
    return lock.withLock { line }
  }
}
