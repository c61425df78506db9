import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo add TITLE [--due DATE] [--list NAME] [--section NAME] [--notes TEXT]`.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a todo.",
      discussion: """
        The todo goes to the bottom of its list (the Inbox unless --list names another).
        Dates are yyyy-MM-dd, optionally with a time: 2026-03-01T09:30.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The title (trimmed; 1 to 1000 characters).")
    var title: String

    @Option(help: ArgumentHelp("The deadline: yyyy-MM-dd or yyyy-MM-ddTHH:mm.", valueName: "date"))
    var due: String?

    @Option(help: ArgumentHelp("The list, by name (default: Inbox).", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("The section heading inside the list.", valueName: "name"))
    var section: String?

    @Option(help: ArgumentHelp("Notes.", valueName: "text"))
    var notes: String?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try TodoValidation.title(title)
      _ = try due.map(Deadline.init(parsing:))
      _ = try TodoValidation.section(section)
      _ = try TodoValidation.notes(notes ?? "")
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        var draft = NewTodo(
          title: title, notes: notes ?? "", deadline: try due.map(Deadline.init(parsing:)),
          section: section)
        if let list { draft.listID = try await backend.list(named: list).id }
        let todo = try await backend.createTodo(draft)
        try Output.changed(todo, verb: "Added", json: output.json)
      }
    }
  }
}
