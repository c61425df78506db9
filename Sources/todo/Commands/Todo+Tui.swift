import ArgumentParser
import Foundation
import Persistence
import TerminalUI
import TodoCore

extension Todo {
  /// `todo tui`: the live page's lists and todos, full-screen in the terminal.
  struct Tui: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Work on your todo lists full-screen in the terminal, live.",
      discussion: """
        The terminal shows what the web page shows, driven by the same reducer: lists, \
        the outline of Undone and Done, sections, statuses, add with quick entry, the edit \
        form, delete with a confirmation and undo, moves and search. Changes made anywhere \
        else (another todo command, the API, a web page) appear as they are saved. Press ? \
        for the keys, q to quit. NO_COLOR turns colours off.

        With --server URL (or $TODO_SERVER) the page runs on that server and the terminal \
        shows it through the server's live connection, as a browser does, signed in with \
        the token of todo login (or $TODO_TOKEN) on a server with accounts.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var backend: BackendOptions

    func run() async throws {
      let environment = ProcessInfo.processInfo.environment
      let terminal = Terminal()
      guard terminal.isTerminal else {
        throw CommandRunner.fail(CLIError.invalid("todo tui needs a terminal"))
      }
      if let server = try backend.serverURL(environment: environment) {
        do {
          try await TuiApp(source: .server(server), environment: environment).run(on: terminal)
        } catch {
          throw CommandRunner.fail(error)
        }
        return
      }
      BackendOptions.quietLogging()
      let service: TodoService
      do {
        service = try await Self.openService(backend.database, environment: environment)
      } catch {
        throw CommandRunner.fail(error)
      }
      defer { try? service.close() }
      do {
        try await TuiApp(source: .local(service), environment: environment).run(on: terminal)
      } catch {
        throw CommandRunner.fail(error)
      }
    }

    /// Opens the database as every command does (`--db`, `$TODO_DB`, `$DATABASE_URL`, the
    /// default file), with a few PostgreSQL connections: the page observes while it writes.
    static func openService(_ database: String?, environment: [String: String]) async throws
      -> TodoService
    {
      var location = try DatabasePath.resolve(database, environment: environment)
      if case .postgres(var postgres) = location {
        postgres.maximumConnections = 4
        location = .postgres(postgres)
      }
      do {
        return try await TodoService.open(location)
      } catch let error as ContainerError {
        throw CLIError.unavailable("\(error)")
      } catch {
        throw CLIError.unavailable("cannot open the database \(location): \(error)")
      }
    }
  }
}
