import Foundation
import TodoCore

/// What `todo start`, `todo done` and `todo reopen` share: set one todo's status.
enum StatusChange {
  /// Sets the status of the todo `reference` names, based on the version just read (a change
  /// by someone else in between is a conflict), and prints the result.
  static func run(
    _ reference: TodoReference, to status: TodoStatus, verb: String, options: BackendOptions,
    json: Bool
  ) async throws {
    try await CommandRunner.run(options) { backend in
      let todo = try await reference.todo(in: backend)
      let changed = try await backend.updateTodo(
        id: todo.id, TodoPatch(status: status), expectedVersion: todo.version)
      try Output.changed(changed, verb: verb, json: json)
    }
  }
}
