import ArgumentParser

/// The `N` argument of the commands that act on one listed todo (`start`, `done`, `reopen`,
/// `edit`, `mv`, `rm`): a number from the last listing, or an identifier.
struct TodoArgument: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The todo: a number from the last listing, or an identifier.", valueName: "N"))
  var reference: TodoReference
}
