import ArgumentParser

/// The `--yes` flag of the commands that ask before they remove something (`todo rm`,
/// `todo list rm`, `todo user remove`).
struct ConfirmationOptions: ParsableArguments {
  @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
  var yes = false

  /// Asks `question` unless `--yes` was given (see ``Console/confirm(_:action:assumeYes:)``).
  func confirm(_ question: String, action: String) throws {
    try Console.confirm(question, action: action, assumeYes: yes)
  }
}
