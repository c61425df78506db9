import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo restore N`: brings a todo back from the trash.
  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring a todo back from the trash.",
      discussion: """
        N is a number from the last trash listing (todo trash) or the todo's identifier. \
        The todo returns to its old place; if its list was trashed, the list returns too.

        \(ExitStatus.helpText)
        """)

    @Argument(
      help: ArgumentHelp("The todo: a number from `todo trash`, or an identifier.", valueName: "N"))
    var todo: TodoReference

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let restored = try await backend.restoreTodo(id: try await todo.resolve(in: backend))
        try Output.changed(restored, verb: "Restored", json: output.json)
      }
    }
  }
}
