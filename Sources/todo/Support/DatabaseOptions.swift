import ArgumentParser
import Foundation
import TodoCore

/// The options of the administrator commands (`todo user`, `todo token`): they work directly
/// on the server's database, never through its API.
///
/// The database is `--db`, else `$TODO_DB`, else `$DATABASE_URL`, else the default file, as
/// for `todo serve`; `$TODO_SERVER` is ignored. `--server` is accepted only to be refused
/// with a message saying what to do instead.
struct DatabaseOptions: ParsableArguments {
  @OptionGroup var db: DatabaseOption
  /// `--db`.
  var database: String? { db.database }

  @Option(name: .customLong("server"), help: .hidden)
  var server: String?

  func validate() throws {
    if server != nil {
      throw CLIError.invalid(
        "this command works on the server's database, not through a server: run it where "
          + "the database is, with --db (or $TODO_DB or $DATABASE_URL) instead of --server")
    }
  }

  /// Opens the database, runs `body` with it, closes it, and turns any error into a message
  /// on stderr and an `ExitCode` (like ``CommandRunner/run(_:_:)``).
  func run(_ body: (TodoService) async throws -> Void) async throws {
    try await Self.run(database, body)
  }

  /// Opens the database, finds the user named `name` in it (exit 2 when there is none), runs
  /// `body` with both, and closes the database, like ``run(_:)``.
  func run(account name: String, _ body: (TodoService, Account) async throws -> Void)
    async throws
  {
    try await run { service in
      try await body(service, try await service.existingAccount(named: name))
    }
  }

  /// Opens the database `database` names (`--db`, else the environment's), runs `body` with
  /// it, closes it, and turns any error into a message and an `ExitCode`.
  static func run(_ database: String?, _ body: (TodoService) async throws -> Void)
    async throws
  {
    BackendOptions.quietLogging()
    try await CommandRunner.run(
      open: {
        try await BackendOptions.openService(
          database, environment: ProcessInfo.processInfo.environment
        ).service
      },
      close: { try? $0.close() }, body)
  }
}

extension TodoService {
  /// The account named `name` (ignoring case).
  ///
  /// - Throws: `CLIError.notFound` (exit 2) when there is none.
  func existingAccount(named name: String) async throws -> Account {
    guard let account = try await account(named: name) else {
      throw CLIError.notFound("no user named \"\(name)\" (todo user list shows the users)")
    }
    return account
  }
}

/// `1 list`, `2 lists`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
