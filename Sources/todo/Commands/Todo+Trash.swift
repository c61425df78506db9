import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo trash [--delete N | --empty] [--yes]`: what is in the trash, numbered for
  /// `todo restore` and `--delete`.
  struct Trash: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the trash, or delete from it for good.",
      discussion: """
        Trashed todos are numbered for todo restore N and todo trash --delete N. --delete \
        deletes that todo for good, --empty everything in the trash; both ask for \
        confirmation like todo rm (--yes skips it).

        \(ExitStatus.helpText)
        """)

    @Flag(help: "Delete everything in the trash for good.")
    var empty = false

    @Option(
      name: .customLong("delete"),
      help: ArgumentHelp(
        "Delete this todo of the trash for good: a number from `todo trash`, or an identifier.",
        valueName: "N"))
    var delete: TodoReference?

    @Flag(name: [.short, .long], help: "With --delete or --empty: do not ask for confirmation.")
    var yes = false

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if yes, !empty, delete == nil {
        throw CLIError.invalid("--yes only goes with --delete or --empty")
      }
      if empty, delete != nil { throw CLIError.invalid("--delete and --empty go alone") }
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        if empty {
          try await emptyTrash(backend)
          return
        }
        if let delete {
          try await deleteForGood(delete, backend)
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

    private func deleteForGood(_ reference: TodoReference, _ backend: any TodoBackend)
      async throws
    {
      let id = try await reference.resolve(in: backend)
      let contents = try await backend.trash()
      guard let todo = contents.todos.first(where: { $0.id == id }) else {
        throw TodoError.notFound(entity: "todo in the trash", id: id.uuidString)
      }
      try Console.confirm(
        "Delete \"\(todo.title)\" for good?", action: "delete it for good", assumeYes: yes)
      try await backend.deleteTrashedTodo(id: id)
      if output.json {
        try Output.json(todo)
      } else {
        Console.output("Deleted for good: \(todo.title) (\(todo.shortID))")
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
