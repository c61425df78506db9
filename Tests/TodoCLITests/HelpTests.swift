import Foundation
import Testing

/// The help text: the root command's `--help` is pinned, and every subcommand documents the
/// exit statuses.
@Suite("todo --help")
struct HelpTests {
  static let rootHelp = """
    OVERVIEW: Keep todo lists on the command line or serve them over HTTP.

    By default every command works on the local database (--db, else $TODO_DB, else the XDG data
    directory); with --server URL or $TODO_SERVER it goes through a server's JSON API.

    Exit status: 0 ok, 1 invalid input or not confirmed, 2 not found, 3 conflict (changed by someone
    else), 4 server unreachable or database/file error, 5 not signed in or not allowed, 64 malformed
    command line. Errors are printed on stderr.

    USAGE: todo <subcommand>

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      add                     Add a todo.
      ls                      List todos, numbered for the commands that follow.
      start                   Mark a todo as in progress.
      done                    Mark a todo as done.
      reopen                  Mark a todo as not started again.
      skip                    Skip this date of a repeating todo: it moves on to the next one.
      remind                  Set, list or remove the reminders of a todo.
      edit                    Change a todo's title, dates, notes, list, repeat, priority or tags.
      mv                      Move a todo inside its list, or nest it under another.
      rm                      Move a todo to the trash.
      trash                   Show the trash, or delete from it for good.
      restore                 Bring a todo back from the trash.
      search                  Find todos whose title or notes contain a text (ignoring case).
      tags                    Show the tags, or rename one everywhere.
      filters                 Show, save, change or delete saved filters.
      lists                   Show the lists.
      list                    Add, rename, trash or restore a list.
      export                  Write every list and todo (trash included) as one JSON document.
      import                  Read a document written by todo export.
      login                   Sign in to a server and keep a token for it.
      logout                  Sign out of a server: revoke its token and forget it.
      share                   Share a list with another user, or change what they may do.
      unshare                 Stop sharing a list with a user, or leave a list shared with you.
      members                 Show who can use a list: its owner, then those it is shared with.
      user                    Add, list, change or remove the users of a server (on its database).
      token                   Create, list or revoke a user's API tokens (on the server's database).
      tui                     Work on your todo lists full-screen in the terminal, live.
      serve                   Serve the JSON API, the Todo-Backend API and the live page.
      config                  Check the settings of todo serve.
      healthcheck             Exit 0 if a server is ready (its /readyz), else 4.
      backup                  Back up the whole database to a file, while the server runs.
      restore-backup          Restore a backup of todo backup into an empty database.

      See 'todo help <subcommand>' for detailed help.

    """

  @Test("todo --help prints the pinned overview of every subcommand")
  func rootHelp() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.rootHelp)
    #expect(result.stderr.isEmpty)
  }

  @Test(
    "every client subcommand's help documents the exit statuses",
    arguments: [
      "add", "ls", "start", "done", "reopen", "skip", "remind", "edit", "mv", "rm", "trash",
      "restore", "search",
      "lists", "list add", "list rename", "list rm", "list restore", "export", "import", "tui",
    ])
  func exitStatusesDocumented(command: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(command.split(separator: " ").map(String.init) + ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Exit status: 0 ok, 1 invalid input"), "\(command)")
    #expect(result.stdout.contains("5 not signed in or not allowed"), "\(command)")
    #expect(result.stdout.contains("--server <url>"), "\(command)")
  }

  /// The subcommands a help text lists (the names at the start of its SUBCOMMANDS lines).
  static func subcommands(in help: String) -> [String] {
    guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
    return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
      .compactMap { line in
        line.hasPrefix("  ") ? line.split(separator: " ").first.map(String.init) : nil
      }
  }

  @Test("no help text, down to the subcommands' own, shows an interpolation it did not make")
  func everyHelpInterpolated() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    var commands = Self.subcommands(in: Self.rootHelp).map { [$0] }
    #expect(commands.count > 30)
    var read = 0
    while let command = commands.popLast() {
      let result = try cli.run(command + ["--help"])
      #expect(result.status == 0, "\(command)")
      #expect(!result.stdout.contains("\\("), "todo \(command.joined(separator: " ")) --help")
      // Two levels at most (`todo list add`): a nested command's help may list its parent's.
      if command.count == 1 {
        commands += Self.subcommands(in: result.stdout).map { command + [$0] }
      }
      read += 1
    }
    #expect(read > 45)
  }

  @Test(
    "every administrator subcommand's help documents the exit statuses and the database",
    arguments: [
      "user", "user add", "user list", "user passwd", "user remove", "token", "token create",
      "token list", "token revoke",
    ])
  func administratorHelp(command: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(command.split(separator: " ").map(String.init) + ["--help"])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains("Exit status: 0 ok, 1 invalid input or not confirmed, 2 not found"),
      "\(command)")
    #expect(result.stdout.contains("5 not signed in or not allowed"), "\(command)")
    #expect(result.stdout.contains("database"), "\(command)")
    if command == "token create" {
      // With --user on the database; without it through the server, for the signed-in user.
      #expect(result.stdout.contains("--server <url>") && result.stdout.contains("todo login"))
    } else {
      #expect(!result.stdout.contains("--server <url>"), "\(command)")
    }
  }
}
