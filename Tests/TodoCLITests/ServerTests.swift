import Foundation
import Testing

/// The same commands through `--server` against a running `todo serve`, compared with the
/// local database's output.
@Suite("todo --server against todo serve")
struct ServerTests {
  /// A session of commands whose outputs are compared between the two backends.
  static let session: [[String]] = [
    ["add", "Buy milk", "--due", "2001-02-03", "--section", "Dairy"],
    ["add", "Pay rent", "--due", "2999-12-31T09:30", "--notes", "by transfer"],
    ["add", "Call mum"],
    ["list", "add", "Work"],
    ["add", "Report", "--list", "work"],
    ["ls"],
    ["start", "1"],
    ["done", "2"],
    ["edit", "3", "--title", "Call mum and dad", "--due", "2030-01-01"],
    ["mv", "4", "--top"],
    ["ls", "--all"],
    ["reopen", "2"],
    ["ls"],
    ["rm", "1", "--yes"],
    ["trash"],
    ["restore", "1"],
    ["search", "RENT"],
    ["lists"],
    ["list", "rename", "Work", "Office"],
    ["ls", "--list", "office"],
    ["list", "rm", "Office", "--yes"],
    ["lists"],
    ["list", "restore", "office"],
    ["lists"],
    ["ls", "--all"],
  ]

  /// Identifiers differ between stores; the rest of the output must not.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: #"\([0-9a-f]{8}\)"#, with: "(id)", options: .regularExpression)
  }

  @Test("every command gives the same output and exit status through the server")
  func sameOutputThroughServer() throws {
    let local = try CLI()
    defer { local.cleanUp() }
    var remote = try CLI()
    defer { remote.cleanUp() }
    let server = try TestServer(
      database: remote.directory.appendingPathComponent("server.sqlite"),
      directory: remote.directory)
    defer { _ = server.stop() }
    remote.environment["TODO_SERVER"] = server.url

    for command in Self.session {
      let expected = try local.run(command)
      let actual = try remote.run(command)
      #expect(expected.status == 0, "local \(command): \(expected.stderr)")
      #expect(actual.status == expected.status, "\(command): \(actual.stderr)")
      #expect(Self.normalized(actual.stdout) == Self.normalized(expected.stdout), "\(command)")
    }
    #expect(
      FileManager.default.fileExists(
        atPath: remote.directory.appendingPathComponent("state/todo").path))
  }

  @Test("errors, JSON, export and import through the server; SIGTERM stops it cleanly")
  func errorsAndTransferThroughServer() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    let server = try TestServer(
      database: cli.directory.appendingPathComponent("server.sqlite"), directory: cli.directory)
    cli.environment["TODO_SERVER"] = server.url

    let badDate = try cli.run(["add", "X", "--due", "2026-02-30"])
    #expect(badDate.status == 1)
    #expect(badDate.stderr.hasPrefix("Error: deadline: "))
    let unknown = try cli.run(["done", UUID().uuidString])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("Error: no todo "))
    let duplicate = try cli.run(["list", "add", "Inbox"])
    #expect(duplicate.status == 1)
    #expect(duplicate.stderr.contains("exists already"))

    try cli.ok(["add", "Exported", "--notes", "kept"])
    let added = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(added.map { $0["title"] as? String } == ["Exported"])
    #expect(try cli.ok(["start", "1", "--json"]).contains("\"status\" : \"inProgress\""))
    let file = cli.directory.appendingPathComponent("export.json")
    #expect(try cli.ok(["export", file.path]) == "Exported 1 lists and 1 todos to \(file.path).\n")

    let fresh = try CLI()
    defer { fresh.cleanUp() }
    #expect(try fresh.ok(["import", file.path]) == "Imported 1 lists and 1 todos.\n")
    let imported = try #require(try fresh.json(["ls", "--json"]) as? [[String: Any]])
    #expect(imported.map { $0["id"] as? String } == added.map { $0["id"] as? String })
    #expect(try cli.ok(["import", file.path]) == "Imported 1 lists and 1 todos.\n")

    let stopped = server.stop()
    #expect(stopped.reason == .exit)
    #expect(stopped.status == 0)
    let after = try cli.run(["ls"])
    #expect(after.status == 4)
  }
}
