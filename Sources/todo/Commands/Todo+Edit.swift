import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo edit N [--title] [--due] [--notes] [--section] [--list] [--repeat]`.
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a todo's title, deadline, notes, section, list or repeat.",
      discussion: """
        Only the options given change. An empty --due '' removes the deadline, an empty \
        --section '' the section. If someone else changed the todo meanwhile, nothing is \
        written (exit 3).

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @Option(help: ArgumentHelp("A new title.", valueName: "title"))
    var title: String?

    @Option(
      help: ArgumentHelp(
        "A new deadline (yyyy-MM-dd or yyyy-MM-ddTHH:mm); '' removes it.", valueName: "date"))
    var due: String?

    @Option(help: ArgumentHelp("New notes.", valueName: "text"))
    var notes: String?

    @Option(help: ArgumentHelp("A new section heading; '' removes it.", valueName: "name"))
    var section: String?

    @Option(help: ArgumentHelp("Move it to this list (by name), at the bottom.", valueName: "name"))
    var list: String?

    @Option(
      name: .customLong("repeat"),
      help: ArgumentHelp(
        "A new repeat: words (\"every monday\") or a rule (FREQ=WEEKLY;BYDAY=MO); '' stops "
          + "the repeating.", valueName: "rule"))
    var repeats: String?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard
        title != nil || due != nil || notes != nil || section != nil || list != nil
          || repeats != nil
      else {
        throw CLIError.invalid(
          "nothing to change; give --title, --due, --notes, --section, --list or --repeat")
      }
      _ = try recurrence()
      _ = try title.map(TodoValidation.title)
      _ = try deadline()
      _ = try notes.map(TodoValidation.notes)
      _ = try TodoValidation.section(section)
    }

    /// The deadline change: `nil` none, `.some(nil)` remove, `.some(d)` set.
    func deadline() throws -> Deadline?? {
      guard let due else { return nil }
      if due.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
      return .some(try Deadline(parsing: due))
    }

    /// The repeat change: `nil` none, `.some(nil)` stop, `.some(r)` set.
    func recurrence() throws -> Recurrence?? {
      guard let repeats else { return nil }
      if repeats.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
      return .some(try RepeatOption.recurrence(repeats, now: Date()).0)
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let current = try await todo.reference.todo(in: backend)
        var patch = TodoPatch(
          title: title, notes: notes, deadline: try deadline(), recurrence: try recurrence())
        if let section { patch.section = .some(try TodoValidation.section(section)) }
        if let list { patch.listID = try await backend.list(named: list).id }
        let changed = try await backend.updateTodo(
          id: current.id, patch, expectedVersion: current.version)
        try Output.changed(changed, verb: "Edited", json: output.json)
      }
    }
  }
}
