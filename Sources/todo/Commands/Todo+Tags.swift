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

      @OptionGroup var listing: ListingOptions

      func run() async throws {
        try await listing.show(empty: "No tags.") {
          try await $0.tags().map {
            TagRow(name: $0.tag.name, open: $0.tag.open, color: $0.color?.rawValue)
          }
        } text: { tags, _ in
          let colored = tags.contains { $0.color != nil }
          TextTable.print(
            header: ["Tag", "Open"] + (colored ? ["Colour"] : []),
            rows: tags.map { ["#" + $0.name, "\($0.open)"] + (colored ? [$0.color ?? ""] : []) },
            rightAligned: [1])
        }
      }
    }

    /// `todo tags rename OLD NEW`.
    struct Rename: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Rename a tag on every todo of the lists you may edit (onto a tag: merge).")

      @Argument(help: "The tag (with or without #).") var tag: String
      @Argument(help: "Its new name (the same name to change its colour alone).") var newName:
        String

      @Option(
        help: ArgumentHelp(
          "Its colour for you: \(TagColor.allCases.map(\.rawValue).joined(separator: ", ")), "
            + "or none.", valueName: "colour"))
      var color: String?

      @OptionGroup var backend: BackendOptions

      func validate() throws {
        _ = try TodoValidation.tags([tag, newName])
        if let color, color != "none", TagColor(rawValue: color) == nil {
          throw ValidationError(
            "--color \(color) is not one of "
              + TagColor.allCases.map(\.rawValue).joined(separator: ", ") + ", none")
        }
      }

      func run() async throws {
        let colour: TagColor?? = color.map { TagColor(rawValue: $0) }
        try await CommandRunner.run(backend) { backend in
          let changed = try await backend.renameTag(tag, to: newName, color: colour)
          let name = try TodoValidation.tags([newName]).first ?? newName
          let old = tag.trimmingPrefix("#")
          if old != name {
            Console.output(
              "Renamed #\(old) to #\(name) on \(changed) " + (changed == 1 ? "todo" : "todos"))
          }
          if let colour {
            Console.output(colour.map { "#\(name) is \($0.rawValue)" } ?? "#\(name) has no colour")
          }
        }
      }
    }
  }
}

/// A tag as `todo tags --json` writes it.
private struct TagRow: Encodable {
  var name: String
  var open: Int
  var color: String?
}
