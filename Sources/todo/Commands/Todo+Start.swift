import ArgumentParser
import TodoCore

extension Todo {
  /// `todo start N`: mark a todo as in progress.
  struct Start: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark a todo as in progress.",
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
        todo, to: .inProgress, verb: "Started", options: backend, json: output.json)
    }
  }
}
