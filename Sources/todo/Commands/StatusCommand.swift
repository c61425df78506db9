import ArgumentParser
import TodoCore

/// `todo start`, `todo done` and `todo reopen`: one command that sets a todo's status, which
/// each of them declares with its own status and words (``kind``).
protocol StatusCommand: AsyncParsableCommand {
  /// The status the command sets, its help and the word that reports the result.
  static var kind: StatusCommandKind { get }
  /// The todo, the backend and `--json`.
  var arguments: TodoChangeArguments { get }
}

extension StatusCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      abstract: kind.abstract,
      discussion: """
        N is a number from the last listing (todo ls) or the todo's identifier (at least \
        its first 8 characters).\(kind.details.isEmpty ? "" : " " + kind.details)

        \(ExitStatus.helpText)
        """)
  }

  func run() async throws {
    try await arguments.change(verb: Self.kind.verb) { todo, backend in
      try await backend.updateTodo(
        id: todo.id, TodoPatch(status: Self.kind.status), expectedVersion: todo.version)
    }
  }
}

/// What sets one ``StatusCommand`` apart from the others.
struct StatusCommandKind {
  /// The status the command sets.
  var status: TodoStatus
  /// The command's one-line help.
  var abstract: String
  /// The word that reports the changed todo ("Done: …").
  var verb: String
  /// What the command's help says after how N names the todo; empty when nothing.
  var details = ""
}
