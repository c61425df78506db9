import ArgumentParser
import TodoCore

extension Todo {
  /// `todo start N`: mark a todo as in progress.
  struct Start: StatusCommand {
    static let kind = StatusCommandKind(
      status: .inProgress, abstract: "Mark a todo as in progress.", verb: "Started")

    @OptionGroup var arguments: TodoChangeArguments
  }
}
