import ArgumentParser
import TodoCore

/// The `todo` command: a todo list on the command line, and `todo serve` for the server.
///
/// Subcommands live in `Todo+<Name>.swift` files, one each.
@main
struct Todo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo",
    abstract: "Keep todo lists on the command line or serve them over HTTP.",
    discussion: """
      By default every command works on the local database (--db, else $TODO_DB, else the XDG \
      data directory); with --server URL or $TODO_SERVER it goes through a server's JSON API.

      \(ExitStatus.helpText)
      """,
    subcommands: [
      Add.self, Ls.self, Start.self, Done.self, Reopen.self, Skip.self, Remind.self, Edit.self,
      Mv.self, Rm.self,
      Trash.self, Restore.self, Search.self, Tags.self, Filters.self, Lists.self, List.self,
      Export.self,
      Import.self,
      Login.self, Logout.self, Share.self, Unshare.self, Members.self, User.self, Token.self,
      Tui.self, Serve.self, Config.self, Healthcheck.self, Backup.self, RestoreBackup.self,
    ]
  )
}

/// The domain's todo, which the root command's name `Todo` hides inside this module.
typealias TodoItem = TodoCore.Todo
