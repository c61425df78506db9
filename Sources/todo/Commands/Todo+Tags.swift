import ArgumentParser
import Foundation
import TerminalUI
import TodoCore

extension Todo {
  /// `todo tags [--json]`, `todo tags rename OLD NEW`: the tags across lists, and renaming
  /// (or merging) one everywhere at once.
  struct Tags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the tags, or rename one everywhere.",
      discussion: """
        Shows every tag of the todos of the lists you can read, with how many open todos \
        have it. todo tags rename OLD NEW renames a tag on every todo of the lists you may \
        edit at once; onto a tag that exists, the two merge. Find a tag's todos with \
        todo ls --filter '#tag'.

        \(ExitStatus.helpText)
        """,
      subcommands: [Show.self, Rename.self], defaultSubcommand: Show.self)

    /// `todo tags`: the tags with their open counts.
    struct Show: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "Show the tags with their open todos.")

      @OptionGroup var backend: BackendOptions
      @OptionGroup var output: OutputOptions

      func run() async throws {
        try await CommandRunner.run(backend) { backend in
          let tags = try await backend.tags()
          if output.json {
            try Output.json(tags)
            return
          }
          guard !tags.isEmpty else {
            Console.output("No tags.")
            return
          }
          TextTable.print(
            header: ["Tag", "Open"], rows: tags.map { ["#" + $0.name, "\($0.open)"] },
            rightAligned: [1])
        }
      }
    }

    /// `todo tags rename OLD NEW`.
    struct Rename: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Rename a tag on every todo of the lists you may edit (onto a tag: merge).")

      @Argument(help: "The tag (with or without #).") var tag: String
      @Argument(help: "Its new name.") var newName: String

      @OptionGroup var backend: BackendOptions

      func validate() throws {
        _ = try TodoValidation.tags([tag, newName])
      }

      func run() async throws {
        try await CommandRunner.run(backend) { backend in
          let changed = try await backend.renameTag(tag, to: newName)
          let name = try TodoValidation.tags([newName]).first ?? newName
          Console.output(
            "Renamed #\(tag.trimmingPrefix("#")) to #\(name) on \(changed) "
              + (changed == 1 ? "todo" : "todos"))
        }
      }
    }
  }
}
