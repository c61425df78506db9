import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo search TEXT [--status S] [--from DATE] [--to DATE] [--list NAME]`.
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Find todos whose title or notes contain a text (ignoring case).",
      discussion: """
        The results are numbered like todo ls. --status may be repeated; --from and --to \
        bound the deadline day (inclusive; todos without a deadline are then left out), \
        written yyyy-MM-dd or in words: --from today --to "in 7 days".

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The text to find.")
    var text: String

    @Option(
      help: ArgumentHelp(
        "Only this status (repeatable): notStarted, inProgress or done.", valueName: "status"))
    var status: [String] = []

    @Option(help: ArgumentHelp("Deadline from this day (yyyy-MM-dd, today).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Deadline up to this day (yyyy-MM-dd, today).", valueName: "date"))
    var to: String?

    @Option(help: ArgumentHelp("Only this list, by name.", valueName: "name"))
    var list: String?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try makeSearch()
    }

    func makeSearch(now: Date = Date()) throws -> TodoSearch {
      _ = try TodoValidation.query(text, field: "text")
      func day(_ text: String, field: String) throws -> Deadline {
        try Deadline(typed: text, field: field, now: now, calendar: .autoupdatingCurrent)
      }
      let search = TodoSearch(
        text: text, statuses: Set(try status.map(TodoStatus.init(parsing:))),
        deadlineFrom: try from.map { try day($0, field: "from") },
        deadlineTo: try to.map { try day($0, field: "to") })
      if let from = search.deadlineFrom, let to = search.deadlineTo, to < from {
        throw CLIError.invalid("--to \(to) is before --from \(from)")
      }
      return search
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        var search = try makeSearch()
        if let list { search.listID = try await backend.list(named: list).id }
        let todos = try await backend.search(search)
        try await output.printNumbered(
          todos, source: "search", backend: backend, empty: "Nothing found.")
      }
    }
  }
}
