import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo edit N [--title] [--due] [--notes] [--section] [--list] [--repeat] [--priority]
  /// [--tag]… [--untag]…`.
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a todo's title, dates, notes, list, repeat, priority or tags.",
      discussion: """
        Only the options given change. An empty --due '' removes the deadline, --section '' \
        the section, --repeat '' the repeat, --priority '' the priority. --tag adds a tag and \
        --untag removes one (each may be repeated). If someone else changed the todo meanwhile, \
        nothing is written (exit 3).

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument

    @Option(help: ArgumentHelp("A new title.", valueName: "title"))
    var title: String?

    @OptionGroup var fields: TodoFieldOptions

    @Option(
      name: .customLong("untag"),
      help: ArgumentHelp("A tag to remove (repeat the option for more).", valueName: "tag"))
    var removedTags: [String] = []

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard title != nil || !fields.isEmpty || !removedTags.isEmpty else {
        throw CLIError.invalid(
          "nothing to change; give --title, --due, --start, --someday, --repeat, --priority, "
            + "--tag, --untag, --notes, --section, --list or --assign")
      }
      _ = try title.map(TodoValidation.title)
    }

    func run() async throws {
      try await TodoChange.run(
        todo.reference, verb: "Edited", options: backend, json: output.json
      ) { current, backend in
        var patch = TodoPatch(
          title: title, notes: fields.notes, deadline: try fields.deadline(),
          recurrence: try fields.recurrence(now: Date()).change, start: try fields.startDate(),
          someday: fields.someday, priority: try fields.priorityChange())
        if !fields.addedTags.isEmpty || !removedTags.isEmpty {
          let removed = Set(removedTags.map { $0.trimmingPrefix("#").lowercased() })
          let had = Set(current.tagNames.map { $0.lowercased() })
          if let missing = removed.subtracting(had).sorted().first {
            throw CLIError.invalid("\"\(current.title)\" has no tag #\(missing); nothing changed")
          }
          let kept = current.tagNames.filter { !removed.contains($0.lowercased()) }
          patch.tags = try TodoValidation.tags(kept + fields.addedTags)
        }
        if let section = fields.section {
          patch.section = .some(try TodoValidation.section(section))
        }
        if let list = fields.list { patch.listID = try await backend.list(named: list).id }
        patch.assigneeID = try await fields.assigneeChange(
          inList: patch.listID ?? current.listID, backend: backend)
        return try await backend.updateTodo(
          id: current.id, patch, expectedVersion: current.version)
      }
    }
  }
}
