import ArgumentParser
import Foundation
import TodoCore

/// What the commands that change one listed todo share (`start`, `done`, `reopen`, `skip`,
/// `rm`, `mv`, `edit`): read the todo, change it, print the result.
enum TodoChange {
  /// Reads the todo `reference` names from the backend `options` open, changes it with
  /// `change` and prints the changed todo after `verb` (its JSON with `json`).
  ///
  /// `change` gets the todo as just read: passing its version on as the expected one makes a
  /// change by someone else in between a conflict instead of a lost update.
  static func run(
    _ reference: TodoReference, verb: String, options: BackendOptions, json: Bool,
    _ change: (TodoItem, any TodoBackend) async throws -> TodoItem
  ) async throws {
    try await CommandRunner.run(options) { backend in
      let todo = try await reference.todo(in: backend)
      let changed = try await change(todo, backend)
      try Output.changed(changed, verb: verb, json: json)
    }
  }
}

/// The arguments of the commands that change one listed todo and nothing more (`start`,
/// `done`, `reopen`, `skip`): the todo, the backend and `--json`.
struct TodoChangeArguments: ParsableArguments {
  @OptionGroup var todo: TodoArgument
  @OptionGroup var backend: BackendOptions
  @OptionGroup var output: OutputOptions

  /// Changes the todo these arguments name with `change` and prints it after `verb`, as
  /// ``TodoChange/run(_:verb:options:json:_:)`` does.
  func change(
    verb: String, _ change: (TodoItem, any TodoBackend) async throws -> TodoItem
  ) async throws {
    try await TodoChange.run(
      todo.reference, verb: verb, options: backend, json: output.json, change)
  }
}
