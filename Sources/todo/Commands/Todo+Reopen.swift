import ArgumentParser
import TodoCore

extension Todo {
  /// `todo reopen N`: mark a todo as not started again.
  struct Reopen: StatusCommand {
    static let kind = StatusCommandKind(
      status: .notStarted, abstract: "Mark a todo as not started again.", verb: "Reopened")

    @OptionGroup var arguments: TodoChangeArguments
  }
}
