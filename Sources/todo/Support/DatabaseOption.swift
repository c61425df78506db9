import ArgumentParser

/// `--db`, the database a command opens: declared once for `todo serve`, the administrator
/// commands and every client command.
///
/// It is `--db`, else `$TODO_DB`, else `$DATABASE_URL`, else the default file
/// (`DatabasePath.resolve(_:environment:)`).
struct DatabaseOption: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database: a file path, sqlite:PATH or postgresql://user@host:port/name (default: "
        + "$TODO_DB, else $DATABASE_URL, else $XDG_DATA_HOME/todo/todo.sqlite).",
      valueName: "db"))
  var database: String?
}
