import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo export [FILE]`: everything as one JSON document.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write every list and todo (trash included) as one JSON document.",
      discussion: """
        Without FILE (or with -) the document goes to stdout. A file is replaced \
        atomically. todo import reads the document back. With --format ics, the live todos \
        (of --list, else of every list) are written as one iCalendar file of VTODOs that \
        calendar apps read; what a calendar app wrote that this app does not model (repeat \
        rules, alarms, priorities, categories) is written back unchanged.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The file to write (default: stdout).")
    var file: String?

    @Option(help: "json (everything, for todo import) or ics (iCalendar VTODOs).")
    var format: TransferFormat = .json

    @Option(help: ArgumentHelp("With --format ics: only this list's todos.", valueName: "list"))
    var list: String?

    func validate() throws {
      if list != nil, format != .ics {
        throw ValidationError("--list goes with --format ics (the JSON document has every list)")
      }
    }

    @OptionGroup var backend: BackendOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        if format == .ics {
          var listID: UUID?
          if let list { listID = try await backend.list(named: list).id }
          let text = try await backend.exportCalendar(list: listID)
          try Self.write(Data(text.utf8), to: file)
          if let file, file != "-" {
            let count = text.components(separatedBy: "BEGIN:VTODO").count - 1
            Console.output("Exported \(counted(count, "todo")) to \(file).")
          }
          return
        }
        let document = try await backend.export()
        let data = try ExportDocument.encoder.encode(document)
        guard let file, file != "-" else {
          Console.output(String(decoding: data, as: UTF8.self))
          return
        }
        try Self.write(data, to: file)
        Console.output(
          "Exported \(document.lists.count) lists and \(document.todos.count) todos to \(file).")
      }
    }
  }
}

/// The formats of `todo export` and `todo import`.
enum TransferFormat: String, ExpressibleByArgument, CaseIterable {
  /// The app's JSON document: every list and todo, trash included.
  case json
  /// iCalendar: VTODOs, as calendar apps read and write them.
  case ics
}

extension Todo.Export {
  /// Writes `data` to `file` atomically, or to stdout without one (or with `-`).
  static func write(_ data: Data, to file: String?) throws {
    guard let file, file != "-" else {
      FileHandle.standardOutput.write(data)
      return
    }
    let url = URL(fileURLWithPath: file)
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      throw CLIError.unavailable("cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}
