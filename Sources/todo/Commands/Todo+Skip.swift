import ArgumentParser
import TodoCore

extension Todo {
  /// `todo skip N`: moves a repeating todo on to its next date without completing this one.
  struct Skip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Skip this date of a repeating todo: it moves on to the next one.",
      discussion: """
        Nothing is recorded as done. A todo that does not repeat, or whose series has no \
        date left, is refused. N is a number from the last listing (todo ls) or the todo's \
        identifier (at least its first 8 characters).

        \(ExitStatus.helpText)
        """)

    @OptionGroup var arguments: TodoChangeArguments

    func run() async throws {
      try await arguments.change(verb: "Skipped") { current, backend in
        try await backend.skipOccurrence(id: current.id, expectedVersion: current.version)
      }
    }
  }
}
