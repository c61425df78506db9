import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo remind N [WHEN…]`: sets, lists and removes a todo's reminders.
  struct Remind: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set, list or remove the reminders of a todo.",
      discussion: """
        With WHEN, sets a reminder: "10 minutes before", "1 hour before", "1 day before", \
        "2 hours after" (the deadline), "at the deadline", or a date and time, \
        "2026-12-02 09:00", in your time zone. Without it, lists the todo's reminders, \
        numbered; --remove K removes the K-th. A reminder rings in the page and in \
        todo tui, and by e-mail when the server sends mail. N is a number from the last \
        listing (todo ls) or the todo's identifier.

        \(ExitStatus.helpText)
        """)

    @OptionGroup var todo: TodoArgument
    @Argument(help: ArgumentHelp("When it rings (see above).", valueName: "WHEN"))
    var when: [String] = []
    @Option(help: ArgumentHelp("Remove the K-th reminder of the listing.", valueName: "K"))
    var remove: Int?
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if remove != nil, !when.isEmpty {
        throw ValidationError("give either WHEN or --remove, not both")
      }
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        let current = try await todo.reference.todo(in: backend)
        if !when.isEmpty {
          let reminder = try await backend.addReminder(
            to: current.id, text: when.joined(separator: " "))
          if output.json { return try Output.json(reminder) }
          Console.output("Reminder set: \(reminder.label) — \(current.title) (\(current.shortID))")
          return
        }
        let reminders = try await backend.reminders(of: current.id)
        if let remove {
          guard reminders.indices.contains(remove - 1) else {
            throw CLIError.notFound(
              "no reminder \(remove): \(current.title) has \(reminders.count) (todo remind N)")
          }
          try await backend.removeReminder(id: reminders[remove - 1].id)
          Console.output("Reminder removed: \(reminders[remove - 1].label) — \(current.title)")
          return
        }
        try await output.printListing(reminders, empty: "\(current.title) has no reminders.") {
          for (index, reminder) in reminders.enumerated() {
            Console.output(
              "\(index + 1). \(reminder.label)\(reminder.ringing ? " (ringing)" : "")")
          }
        }
      }
    }
  }
}
