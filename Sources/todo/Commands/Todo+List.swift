import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo list add|rename|rm|restore`: changing lists.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add, rename, trash or restore a list.",
      subcommands: [Add.self, Rename.self, Rm.self, Restore.self])
  }
}

extension Todo.List {
  /// `todo list add NAME`.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a list at the end.", discussion: ExitStatus.helpText)

    @Argument(help: "The name (unique, ignoring case).")
    var name: String

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws { _ = try TodoValidation.listName(name) }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let list = try await backend.createList(named: name)
        try Output.changed(list, verb: "Added list", json: output.json)
      }
    }
  }

  /// `todo list rename NAME NEW-NAME`.
  struct Rename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rename a list.", discussion: ExitStatus.helpText)

    @Argument(help: "The list's current name.")
    var name: String

    @Argument(help: "The new name.")
    var newName: String

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try TodoValidation.query(name, field: "list")
      _ = try TodoValidation.listName(newName)
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let list = try await backend.list(named: name)
        let renamed = try await backend.renameList(id: list.id, to: newName)
        try Output.changed(renamed, verb: "Renamed list", json: output.json)
      }
    }
  }

  /// `todo list rm NAME [--yes]`: moves a list with its todos to the trash.
  struct Rm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a list with its todos to the trash.",
      discussion: """
        Asks for confirmation like todo rm (--yes skips it). The Inbox cannot be removed.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The list's name.")
    var name: String

    @OptionGroup var confirmation: ConfirmationOptions

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let list = try await backend.list(named: name)
        if list.isInbox {
          throw CLIError.invalid("the Inbox cannot be removed")
        }
        try confirmation.confirm(
          "Move the list \"\(list.name)\" and its todos to the trash?",
          action: "move the list \"\(list.name)\" to the trash")
        let trashed = try await backend.trashList(id: list.id)
        try Output.changed(trashed, verb: "Trashed list", json: output.json)
      }
    }
  }

  /// `todo list restore NAME`: brings a trashed list back.
  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring a list back from the trash, with its todos.",
      discussion: ExitStatus.helpText)

    @Argument(help: "The trashed list's name.")
    var name: String

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let wanted = try TodoValidation.query(name, field: "list").lowercased()
        let trashed = try await backend.trash().lists
        guard let list = trashed.first(where: { $0.name.lowercased() == wanted }) else {
          throw CLIError.notFound("no trashed list named \"\(name)\"")
        }
        let restored = try await backend.restoreList(id: list.id)
        try Output.changed(restored, verb: "Restored list", json: output.json)
      }
    }
  }
}
