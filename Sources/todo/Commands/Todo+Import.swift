import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo import FILE`: reads a document written by `todo export`.
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read a document written by todo export.",
      discussion: """
        The whole document is checked first and written in one transaction: if anything is \
        wrong, nothing is imported (exit 1). Lists and todos with a known identifier are \
        replaced, others added. FILE may be - for stdin.

        An iCalendar file (.ics, or --format ics) brings its VTODOs into --list (default the \
        Inbox): a todo whose UID is already here is updated, the others are added; events \
        are skipped and counted. What the app does not model is kept for the next export.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The document to read, or - for stdin.")
    var file: String

    @Option(
      help: "json or ics (default: ics for a file ending in .ics or starting BEGIN:VCALENDAR).")
    var format: TransferFormat?

    @Option(
      help: ArgumentHelp(
        "For iCalendar and Todoist files: the list to add the todos to.", valueName: "list"))
    var list: String?

    @Option(help: "todoist: FILE is a Todoist CSV export (tasks, sections, dates, priorities).")
    var from: ImportSource?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let data: Data
        if file == "-" {
          data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
          do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
          } catch {
            throw CLIError.unavailable("cannot read \(file): \(error.localizedDescription)")
          }
        }
        if from == .todoist {
          try await importText(data, backend) { try await backend.importTodoist($0, into: $1) }
          return
        }
        let text = String(decoding: data.prefix(64), as: UTF8.self)
        let isCalendar =
          format == .ics
          || (format == nil
            && (file.lowercased().hasSuffix(".ics")
              || text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
                .hasPrefix("BEGIN:VCALENDAR")))
        if isCalendar {
          try await importText(data, backend) { try await backend.importCalendar($0, into: $1) }
          return
        }
        if list != nil {
          throw CLIError.invalid("--list goes with an iCalendar file")
        }
        let written = try await backend.importDocument(data)
        if output.json {
          try Output.json(["lists": written.lists, "todos": written.todos])
        } else {
          Console.output("Imported \(written.lists) lists and \(written.todos) todos.")
        }
      }
    }

    /// Imports `data`, UTF-8 text (an iCalendar or Todoist file), into `--list` (the Inbox by
    /// default) with `importer`, and reports what it did.
    private func importText(
      _ data: Data, _ backend: any TodoBackend,
      with importer: (_ text: String, _ listID: UUID?) async throws -> CalendarImport
    ) async throws {
      guard let text = String(data: data, encoding: .utf8) else {
        throw CLIError.invalid("\(file) is not UTF-8 text")
      }
      var listID: UUID?
      if let list { listID = try await backend.list(named: list).id }
      try Self.report(try await importer(text, listID), json: output.json)
    }
  }
}

/// Where `todo import --from` reads a file from.
enum ImportSource: String, ExpressibleByArgument, CaseIterable {
  /// Todoist's CSV export of a project.
  case todoist
}

extension Todo.Import {
  /// Says what an iCalendar or Todoist import did.
  static func report(_ result: CalendarImport, json: Bool) throws {
    if json {
      try Output.json(result)
      return
    }
    Console.output(
      "Imported \(counted(result.added + result.updated, "todo")) (\(result.added) new, "
        + "\(result.updated) updated).")
    for line in result.skipped { Console.output("Skipped \(line).") }
  }
}
