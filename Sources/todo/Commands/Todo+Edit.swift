import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo edit N [--title] [--due] [--notes] [--section] [--list] [--repeat]`.
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a todo's title, deadline, notes, section, list or repeat.",
      discussion: """
        Only the options given change. An empty --due '' removes the deadline, --section '' \
        the section, --repeat '' the repeat. If someone else changed the todo meanwhile, \
        nothing is written (exit 3).

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @Option(help: ArgumentHelp("A new title.", valueName: "title"))
    var title: String?

    @OptionGroup var fields: TodoFieldOptions

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard title != nil || !fields.isEmpty else {
        throw CLIError.invalid(
          "nothing to change; give --title, --due, --start, --someday, --repeat, --notes, "
            + "--section or --list")
      }
      _ = try title.map(TodoValidation.title)
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let current = try await todo.reference.todo(in: backend)
        var patch = TodoPatch(
          title: title, notes: fields.notes, deadline: try fields.deadline(),
          recurrence: try fields.recurrence(now: Date()).change, start: try fields.startDate(),
          someday: fields.someday)
        if let section = fields.section {
          patch.section = .some(try TodoValidation.section(section))
        }
        if let list = fields.list { patch.listID = try await backend.list(named: list).id }
        let changed = try await backend.updateTodo(
          id: current.id, patch, expectedVersion: current.version)
        try Output.changed(changed, verb: "Edited", json: output.json)
      }
    }
  }
}
