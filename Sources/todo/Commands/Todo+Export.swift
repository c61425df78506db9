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
        atomically. todo import reads the document back.

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The file to write (default: stdout).")
    var file: String?

    @OptionGroup var backend: BackendOptions

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let document = try await backend.export()
        let data = try ExportDocument.encoder.encode(document)
        guard let file, file != "-" else {
          Console.output(String(decoding: data, as: UTF8.self))
          return
        }
        let url = URL(fileURLWithPath: file)
        do {
          try data.write(to: url, options: .atomic)
        } catch {
          throw CLIError.unavailable("cannot write \(url.path): \(error.localizedDescription)")
        }
        Console.output(
          "Exported \(document.lists.count) lists and \(document.todos.count) todos to \(file).")
      }
    }
  }
}
