import ArgumentParser
import Foundation
import TerminalUI
import TodoCore

extension Todo {
  /// `todo lists`: the live lists with how many open and done todos each has.
  struct Lists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the lists.",
      discussion: """
        Lists are shown in the user's order with their open and done todos. Change them \
        with todo list add|rename|rm|restore.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var listing: ListingOptions

    func run() async throws {
      try await listing.show {
        try await $0.lists()
      } text: { lists, backend in
        var open: [UUID: Int] = [:]
        var done: [UUID: Int] = [:]
        for todo in try await backend.search(TodoSearch()) {
          if todo.status == .done {
            done[todo.listID, default: 0] += 1
          } else {
            open[todo.listID, default: 0] += 1
          }
        }
        TextTable.print(
          header: ["List", "Open", "Done"],
          rows: lists.map { [$0.name, "\(open[$0.id] ?? 0)", "\(done[$0.id] ?? 0)"] },
          rightAligned: [1, 2])
      }
    }
  }
}
