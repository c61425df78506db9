import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo mv N --before M | --after M | --top | --bottom`.
  struct Mv: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a todo inside its list.",
      discussion: """
        Give exactly one place: --before M or --after M (another todo of the same list, by \
        number or identifier), --top or --bottom.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @Option(help: ArgumentHelp("Put it just before this todo.", valueName: "M"))
    var before: TodoReference?

    @Option(help: ArgumentHelp("Put it just after this todo.", valueName: "M"))
    var after: TodoReference?

    @Flag(help: "Put it first in its list.")
    var top = false

    @Flag(help: "Put it last in its list.")
    var bottom = false

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      let given = [before != nil, after != nil, top, bottom].filter { $0 }.count
      guard given == 1 else {
        throw CLIError.invalid("give exactly one of --before M, --after M, --top, --bottom")
      }
      if let other = before ?? after, other == todo.reference {
        throw CLIError.invalid("a todo cannot be moved next to itself")
      }
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let current = try await todo.reference.todo(in: backend)
        let position: MovePosition
        if let before {
          position = .before(try await before.resolve(in: backend))
        } else if let after {
          position = .after(try await after.resolve(in: backend))
        } else {
          position = top ? .top : .bottom
        }
        let moved = try await backend.moveTodo(
          id: current.id, to: position, expectedVersion: current.version)
        try Output.changed(moved, verb: "Moved", json: output.json)
      }
    }
  }
}
