import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo trash [--empty [--yes]]`: what is in the trash, numbered for `todo restore`.
  struct Trash: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the trash, or empty it for good with --empty.",
      discussion: """
        Trashed todos are numbered for todo restore N. --empty deletes everything in the \
        trash for good; it asks for confirmation like todo rm (--yes skips it).

        \(ExitStatus.helpText)
        """)

    @Flag(help: "Delete everything in the trash for good.")
    var empty = false

    @Flag(name: [.short, .long], help: "With --empty: do not ask for confirmation.")
    var yes = false

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if yes, !empty { throw CLIError.invalid("--yes only goes with --empty") }
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        if empty {
          try await emptyTrash(backend)
          return
        }
        let contents = try await backend.trash()
        if output.json {
          try ListingNumbers(source: "trash", ids: contents.todos.map(\.id))
            .save(to: backend.numbersFile)
          try Output.json(contents)
          return
        }
        try await Output.numberedTable(
          contents.todos, source: "trash", backend: backend, empty: "The trash is empty.",
          trashedLists: contents.lists)
        for list in contents.lists {
          Console.output("Trashed list: \(list.name) (todo list restore \"\(list.name)\")")
        }
      }
    }

    private func emptyTrash(_ backend: any TodoBackend) async throws {
      let contents = try await backend.trash()
      let count = "\(contents.lists.count) lists and \(contents.todos.count) todos"
      try Console.confirm(
        "Delete \(count) in the trash for good?",
        action: "delete \(count) for good", assumeYes: yes)
      let deleted = try await backend.emptyTrash()
      if output.json {
        try Output.json(["lists": deleted.lists, "todos": deleted.todos])
      } else {
        Console.output("Deleted \(deleted.lists) lists and \(deleted.todos) todos for good.")
      }
    }
  }
}
