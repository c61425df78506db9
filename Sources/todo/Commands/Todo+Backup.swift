import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo backup FILE`: a consistent copy of the whole database, while the server runs.
  struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Back up the whole database to a file, while the server runs.",
      discussion: """
        Everything is in it: lists, todos, the trash, history, reminders, saved filters, \
        accounts, tokens, shares and the calendar apps' state (sign-in sessions are not: \
        people sign in again after a restore). It is one consistent state, taken without \
        stopping the server, on SQLite or PostgreSQL, and written as a SQLite file that is \
        read back before it replaces FILE. todo restore reads it into either engine.

        Works on the server's database (--db, else $TODO_DB, else $DATABASE_URL, else the \
        default file), never through the API.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The backup file to write (replaced atomically).")
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      let url = URL(fileURLWithPath: file)
      try await database.run { service in
        let summary = try await StoreBackup.write(service.container, to: url)
        Console.output("Backed up \(summary.description) to \(file).")
      }
    }
  }

  /// `todo restore-backup FILE`: a backup read back into an empty database.
  struct RestoreBackup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore-backup",
      abstract: "Restore a backup of todo backup into an empty database.",
      discussion: """
        The database (--db, else $TODO_DB, else $DATABASE_URL, else the default file) must \
        hold nothing but a new database's empty Inbox, unless --replace: then everything in \
        it is replaced, in one transaction. A backup made on SQLite restores into PostgreSQL \
        and back; a backup of an older version is upgraded as it is read, and one of a newer \
        version is refused. Stop the servers on the database first: their pages and \
        calendar apps then read everything again.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The backup file (written by todo backup).")
    var file: String

    @Flag(help: "Replace everything the database holds.")
    var replace = false

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
      let url = URL(fileURLWithPath: file)
      try await database.run { service in
        let summary = try await StoreBackup.restore(
          url, into: service.container, replacing: replace)
        Console.output("Restored \(summary.description) from \(file).")
      }
    }
  }
}
