import Foundation
import Testing

/// Control characters in arguments and import files: refused with exit 1 and one line on
/// stderr naming the field, nothing written. argv cannot carry NUL, but it can carry U+0001
/// and a terminal escape (U+001B), and a file can carry `\u0000`.
@Suite("todo refuses control characters")
struct ControlCharacterTests {
  /// The stderr line for a control character `code` at `position` of `field`.
  static func refusal(_ field: String, _ code: String, at position: Int) -> String {
    "Error: \(field): contains the control character \(code) at position \(position); remove it\n"
  }

  @Test("add, edit, list add/rename, search and --list refuse U+0001 and ESC; nothing written")
  func arguments() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let cases: [([String], String)] = [
      (["add", "a\u{1}b"], Self.refusal("title", "U+0001", at: 2)),
      (["add", "\u{1B}[2JWiped"], Self.refusal("title", "U+001B", at: 1)),
      (["add", "Ok", "--notes", "red \u{1B}[31m"], Self.refusal("notes", "U+001B", at: 5)),
      (["add", "Ok", "--section", "S\u{1}"], Self.refusal("section", "U+0001", at: 2)),
      (["add", "Ok", "--list", "In\u{1}box"], Self.refusal("list", "U+0001", at: 3)),
      (["list", "add", "Work\u{1B}"], Self.refusal("name", "U+001B", at: 5)),
      (["list", "rename", "Inbox", "\u{1}"], Self.refusal("name", "U+0001", at: 1)),
      (["search", "mi\u{1}lk"], Self.refusal("text", "U+0001", at: 3)),
      (["add", "Ok", "--due", "tomorrow\u{1B}[31m"], Self.refusal("deadline", "U+001B", at: 9)),
      (["add", "Ok", "--start", "\u{1}"], Self.refusal("start", "U+0001", at: 1)),
      (["search", "milk", "--from", "to\u{1B}day"], Self.refusal("from", "U+001B", at: 3)),
    ]
    for (arguments, message) in cases {
      let result = try cli.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr == message, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    #expect(try cli.ok(["ls"]) == "No todos.\n")
    #expect(try cli.run(["lists"]).lines.count == 2)

    try cli.ok(["add", "Milk"])
    try cli.ok(["ls"])
    for option in ["--title", "--notes", "--section"] {
      let edit = try cli.run(["edit", "1", option, "x\u{1B}]0;owned\u{7}"])
      #expect(edit.status == 1, "\(option)")
      #expect(edit.stderr.contains(": contains the control character U+001B at position 2"))
    }
    let todos = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]])
    #expect(todos.map { $0["title"] as? String } == ["Milk"])
    #expect(todos.map { $0["version"] as? Int } == [1])
  }

  @Test("import of a file with \\u0000 in a title is refused whole, naming the item and field")
  func importFile() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let list = UUID()
    let document = #"""
      {"format": 1, "exportedAt": "2026-01-01T00:00:00Z",
       "lists": [{"id": "\#(list)", "name": "Work", "order": "V",
                  "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}],
       "todos": [{"id": "\#(UUID())", "listID": "\#(list)", "title": "Report", "notes": "",
                  "status": "notStarted", "order": "V", "version": 1,
                  "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"},
                 {"id": "\#(UUID())", "listID": "\#(list)", "title": "a\u0000b", "notes": "",
                  "status": "notStarted", "order": "W", "version": 1,
                  "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}]}
      """#
    let file = cli.directory.appendingPathComponent("nul.json")
    try Data(document.utf8).write(to: file)
    let refused = try cli.run(["import", file.path])
    #expect(refused.status == 1)
    #expect(refused.stderr == Self.refusal("todos[1].title", "U+0000", at: 2))
    #expect(refused.stdout.isEmpty)
    #expect(try cli.run(["lists"]).lines.count == 2)
    #expect(try cli.ok(["ls", "--all"]) == "No todos.\n")

    let server = try TestServer(
      database: cli.directory.appendingPathComponent("server.sqlite"), directory: cli.directory)
    defer { _ = server.stop() }
    var remote = cli
    remote.environment["TODO_SERVER"] = server.url
    let remoteRefused = try remote.run(["import", file.path])
    #expect(remoteRefused.status == 1)
    #expect(remoteRefused.stderr == Self.refusal("todos[1].title", "U+0000", at: 2))
    #expect(try remote.run(["lists"]).lines.count == 2)
  }
}
