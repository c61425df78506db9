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

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The document to read, or - for stdin.")
    var file: String

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
        let written = try await backend.importDocument(data)
        if output.json {
          try Output.json(["lists": written.lists, "todos": written.todos])
        } else {
          Console.output("Imported \(written.lists) lists and \(written.todos) todos.")
        }
      }
    }
  }
}
