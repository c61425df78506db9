import ArgumentParser
import Foundation
import TerminalUI
import TodoCore

extension Todo {
  /// `todo filters [ls] [--json]`, `todo filters add NAME FILTER`, `todo filters edit NAME`,
  /// `todo filters rm NAME`: saved filters, the views beside Today and Upcoming.
  struct Filters: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show, save, change or delete saved filters.",
      discussion: """
        A saved filter is a filter under a name, such as "Urgent work" for '#work & p1': the \
        page shows it beside Today and Upcoming, and todo ls --view NAME lists its todos. \
        Filters are yours alone. The filter language is todo ls --filter's: today, overdue, \
        no date, due before: +7d, #tag, p1, list: NAME, status: done, search: TEXT, with ! \
        (not), & (and), | (or) and parentheses.

        \(ExitStatus.helpText)
        """,
      subcommands: [Show.self, Add.self, Edit.self, Remove.self], defaultSubcommand: Show.self)

    /// `todo filters`: the saved filters with how many todos each shows.
    struct Show: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "Show the saved filters with how many todos each shows.")

      @OptionGroup var listing: ListingOptions

      func run() async throws {
        try await listing.show(empty: "No saved filters: todo filters add NAME FILTER saves one.") {
          try await $0.savedFilters()
        } text: { filters, backend in
          var rows: [[String]] = []
          for filter in filters {
            let count = try await backend.todos(savedFilter: filter.id).count
            rows.append([filter.name, "\(count)", filter.query])
          }
          TextTable.print(header: ["Name", "Todos", "Filter"], rows: rows, rightAligned: [1])
        }
      }
    }

    /// `todo filters add NAME FILTER`.
    struct Add: AsyncParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Save a filter under a name.")

      @Argument(help: "The filter's name.") var name: String
      @Argument(help: "The filter, such as '#work & p1'.") var filter: String

      @OptionGroup var backend: BackendOptions

      func validate() throws {
        _ = try TodoValidation.filterName(name)
        _ = try TodoQuery(parsing: filter)
      }

      func run() async throws {
        try await CommandRunner.run(backend) { backend in
          let saved = try await backend.createSavedFilter(named: name, query: filter)
          Console.output("Saved filter \(saved.name): \(saved.query)")
        }
      }
    }

    /// `todo filters edit NAME [--name NEW] [--filter F]`.
    struct Edit: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Rename a saved filter, or change what it shows.")

      @Argument(help: "The filter's name.") var name: String
      @Option(help: "Its new name.") var newName: String?
      @Option(help: "What it shows from now on.") var filter: String?

      @OptionGroup var backend: BackendOptions

      func validate() throws {
        guard newName != nil || filter != nil else {
          throw CLIError.invalid("give --new-name, --filter or both")
        }
        _ = try newName.map(TodoValidation.filterName)
        _ = try filter.map(TodoQuery.init(parsing:))
      }

      func run() async throws {
        try await CommandRunner.run(backend) { backend in
          let current = try await backend.savedFilter(named: name)
          let saved = try await backend.updateSavedFilter(
            id: current.id, name: newName, query: filter)
          Console.output("Saved filter \(saved.name): \(saved.query)")
        }
      }
    }

    /// `todo filters rm NAME [--yes]`.
    struct Remove: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a saved filter (its todos stay).")

      @Argument(help: "The filter's name.") var name: String
      @OptionGroup var confirmation: ConfirmationOptions
      @OptionGroup var backend: BackendOptions

      func run() async throws {
        try await CommandRunner.run(backend) { backend in
          let filter = try await backend.savedFilter(named: name)
          try confirmation.confirm(
            "Delete the saved filter \u{201C}\(filter.name)\u{201D}?",
            action: "delete the saved filter \u{201C}\(filter.name)\u{201D}")
          try await backend.deleteSavedFilter(id: filter.id)
          Console.output("Deleted the saved filter \(filter.name) (its todos stay)")
        }
      }
    }
  }
}
