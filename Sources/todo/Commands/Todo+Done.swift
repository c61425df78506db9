import ArgumentParser
import TodoCore

extension Todo {
  /// `todo done N`: mark a todo as done.
  struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark a todo as done.",
      discussion: """
        N is a number from the last listing (todo ls) or the todo's identifier (at least \
        its first 8 characters).

        \(ExitStatus.helpText)
        """)

    @Argument(
      help: ArgumentHelp(
        "The todo: a number from the last listing, or an identifier.", valueName: "N"))
    var todo: TodoReference

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await StatusChange.run(
        todo, to: .done, verb: "Done", options: backend, json: output.json)
    }
  }
}
