import ArgumentParser
import Foundation
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
      try await CommandRunner.run(
        open: {
          // The page observes while it writes: a few PostgreSQL connections.
          try await BackendOptions.openService(
            backend.database, environment: environment, connections: 4
          ).service
        },
        close: { try? $0.close() },
        { try await TuiApp(source: .local($0), environment: environment).run(on: terminal) })
    }
  }
}
