import ArgumentParser
import TodoCore

extension Todo {
  /// `todo done N`: mark a todo as done.
  struct Done: StatusCommand {
    static let kind = StatusCommandKind(
      status: .done, abstract: "Mark a todo as done.", verb: "Done")

    @OptionGroup var arguments: StatusCommandArguments
  }
}
