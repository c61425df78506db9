import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo rm N [--yes]`: moves a todo to the trash, after confirmation.
  struct Rm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a todo to the trash.",
      discussion: """
        Asks for confirmation when stdin is a terminal; without a terminal it refuses \
        unless --yes is given. The todo can be brought back with todo restore until the \
        trash is emptied.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @OptionGroup var confirmation: ConfirmationOptions

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await TodoChange.run(
        todo.reference, verb: "Trashed", options: backend, json: output.json
      ) { current, backend in
        try confirmation.confirm(
          "Move \"\(current.title)\" to the trash?",
          action: "move \"\(current.title)\" to the trash")
        return try await backend.trashTodo(id: current.id, expectedVersion: current.version)
      }
    }
  }
}
