import Foundation
import Testing

/// `todo backup` and `todo restore-backup` on database files, one of them served meanwhile.
@Suite("todo backup and restore-backup")
struct BackupCLITests {
  @Test("a backup taken while the server runs restores into an empty database, the same")
  func backupAndRestore() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    for command in [
      ["add", "Buy milk #shop !2", "--due", "2031-02-03"], ["list", "add", "Work"],
      ["add", "Report", "--list", "work"], ["add", "Old"], ["ls"], ["rm", "2", "--yes"],
    ] {
      let result = try cli.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    let server = try TestServer(database: cli.database, directory: cli.directory)
    defer { _ = server.stop() }
    let file = cli.directory.appendingPathComponent("backup.sqlite").path
    let backup = try cli.run(["backup", file])
    #expect(backup.status == 0, "\(backup.stderr)")
    #expect(backup.stdout == "Backed up 2 lists, 3 todos, 0 accounts to \(file).\n")

    var restored = try CLI()
    defer { restored.cleanUp() }
    restored.environment["TODO_DB"] = restored.directory.appendingPathComponent("new.sqlite").path
    let restore = try restored.run(["restore-backup", file])
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(restore.stdout == "Restored 2 lists, 3 todos, 0 accounts from \(file).\n")
    let exported = try cli.run(["export"]).stdout
    #expect(try Self.withoutMoment(restored.run(["export"]).stdout) == Self.withoutMoment(exported))
    let trash = try cli.run(["trash"]).stdout
    #expect(trash.contains("Old"), "\(trash)")
    #expect(try restored.run(["trash"]).stdout == trash)

    // A database with data is refused, and left as it was; --replace replaces it.
    let other = try restored.run(["add", "Mine"])
    #expect(other.status == 0)
    let refused = try restored.run(["restore-backup", file])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("already holds 1 list, 4 todos, 0 accounts"))
    #expect(try restored.run(["ls"]).stdout.contains("Mine"))
    let replaced = try restored.run(["restore-backup", file, "--replace"])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try !restored.run(["ls"]).stdout.contains("Mine"))

    let missing = try restored.run([
      "restore-backup", cli.directory.appendingPathComponent("no").path,
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot be read"))
  }

  /// An export without its `exportedAt` line.
  static func withoutMoment(_ text: String) -> String {
    text.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }.joined(separator: "\n")
  }
}
