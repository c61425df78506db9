import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo mv N --before M | --after M | --top | --bottom | --into M`.
  struct Mv: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a todo inside its list, or nest it under another.",
      discussion: """
        Give exactly one place: --before M or --after M (another todo of the same list, by \
        number or identifier; the todo takes M's level, so --after its parent makes a \
        subtask top-level again), --top or --bottom (among its siblings), or --into M (a \
        subtask of M, at the end of M's subtasks). Its own subtasks move with it.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @Option(help: ArgumentHelp("Put it just before this todo.", valueName: "M"))
    var before: TodoReference?

    @Option(help: ArgumentHelp("Put it just after this todo.", valueName: "M"))
    var after: TodoReference?

    @Option(help: ArgumentHelp("Make it a subtask of this todo.", valueName: "M"))
    var into: TodoReference?

    @Flag(help: "Put it first in its list.")
    var top = false

    @Flag(help: "Put it last in its list.")
    var bottom = false

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      let given = [before != nil, after != nil, into != nil, top, bottom].filter { $0 }.count
      guard given == 1 else {
        throw CLIError.invalid(
          "give exactly one of --before M, --after M, --into M, --top, --bottom")
      }
      if let other = before ?? after, other == todo.reference {
        throw CLIError.invalid("a todo cannot be moved next to itself")
      }
      if into == todo.reference {
        throw CLIError.invalid("a todo cannot be its own subtask")
      }
    }

    func run() async throws {
      try await TodoChange.run(
        todo.reference, verb: "Moved", options: backend, json: output.json
      ) { current, backend in
        if let into {
          let parent = try await into.resolve(in: backend)
          return try await backend.updateTodo(
            id: current.id, TodoPatch(parentID: .some(parent)), expectedVersion: current.version)
        }
        let position: MovePosition
        if let before {
          position = .before(try await before.resolve(in: backend))
        } else if let after {
          position = .after(try await after.resolve(in: backend))
        } else {
          position = top ? .top : .bottom
        }
        return try await backend.moveTodo(
          id: current.id, to: position, expectedVersion: current.version)
      }
    }
  }
}
