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
      try await CommandRunner.run(backend) { backend in
        let current = try await todo.reference.todo(in: backend)
        try confirmation.confirm(
          "Move \"\(current.title)\" to the trash?",
          action: "move \"\(current.title)\" to the trash")
        let trashed = try await backend.trashTodo(id: current.id, expectedVersion: current.version)
        try Output.changed(trashed, verb: "Trashed", json: output.json)
      }
    }
  }
}
