import ArgumentParser
import Foundation
import TodoCore

extension ShareRole: ExpressibleByArgument {}

extension Todo {
  /// `todo share LIST USER [--role editor|viewer]`.
  struct Share: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Share a list with another user, or change what they may do.",
      discussion: """
        An editor adds, changes, moves and deletes the list's todos; a viewer only reads \
        them. Only the list's owner shares it. The list appears in the other user's lists \
        (and open pages) at once.

        \(ExitStatus.helpText)
        """)

    @Argument(help: ArgumentHelp("The list's name.", valueName: "list"))
    var list: String

    @Argument(help: ArgumentHelp("The user to share it with.", valueName: "user"))
    var user: String

    @Option(help: "What they may do: editor or viewer.")
    var role: ShareRole = .editor

    @OptionGroup var backend: BackendOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let found = try await backend.list(named: list)
        let member = try await backend.share(list: found.id, with: user, as: role)
        Console.output("Shared \"\(found.name)\" with \(member.name) (\(member.role)).")
      }
    }
  }

  /// `todo unshare LIST USER`.
  struct Unshare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Stop sharing a list with a user, or leave a list shared with you.",
      discussion: """
        It leaves that user's lists (and open pages) at once; their next request for it is \
        refused. To leave a list someone shared with you, name yourself.

        \(ExitStatus.helpText)
        """)

    @Argument(help: ArgumentHelp("The list's name.", valueName: "list"))
    var list: String

    @Argument(help: ArgumentHelp("The user.", valueName: "user"))
    var user: String

    @OptionGroup var backend: BackendOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let found = try await backend.list(named: list)
        let unassigned = try await backend.unshare(list: found.id, from: user)
        let todos = unassigned == 1 ? "1 todo" : "\(unassigned) todos"
        Console.output(
          "\"\(found.name)\" is no longer shared with \(user)."
            + (unassigned > 0 ? " \(todos) assigned to them are now assigned to nobody." : ""))
      }
    }
  }

  /// `todo members LIST`.
  struct Members: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show who can use a list: its owner, then those it is shared with.",
      discussion: ExitStatus.helpText)

    @Argument(help: ArgumentHelp("The list's name.", valueName: "list"))
    var list: String

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let found = try await backend.list(named: list)
        let members = try await backend.members(ofList: found.id)
        try await output.printListing(
          members, empty: "\"\(found.name)\" has no owner (this server has no accounts)."
        ) {
          let width = max(4, members.map(\.name.count).max() ?? 0)
          for member in members {
            let name = member.name + String(repeating: " ", count: width - member.name.count)
            Console.output("\(name)  \(member.role)")
          }
        }
      }
    }
  }
}
