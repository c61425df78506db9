import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo add TEXT [--due DATE] [--repeat RULE] [--as-typed] [--list NAME] [--section NAME]
  /// [--notes TEXT]`.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a todo.",
      discussion: """
        The text is read as the page's new-todo field reads it: "Call mum every Monday 9:00" \
        adds "Call mum", due next Monday at 09:00 and repeating every Monday; "Pay rent \
        tomorrow" is due tomorrow. The words that named a date or a repeat leave the title, \
        and the command says what it read. --as-typed keeps the text as typed.

        The todo goes to the bottom of its list (the Inbox unless --list names another). \
        Dates are yyyy-MM-dd, optionally with a time: 2026-03-01T09:30. A repeat is words \
        ("every 2 weeks", "every weekday", "every 3 days after done") or an RFC 5545 rule \
        (FREQ=WEEKLY;BYDAY=MO).

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The title (trimmed; 1 to 1000 characters), with a date or repeat in words.")
    var title: String

    @Option(help: ArgumentHelp("The deadline: yyyy-MM-dd or yyyy-MM-ddTHH:mm.", valueName: "date"))
    var due: String?

    @Option(
      name: .customLong("repeat"),
      help: ArgumentHelp(
        "How it repeats: words (\"every monday\", \"every 3 days after done\") or a rule "
          + "(FREQ=WEEKLY;BYDAY=MO).", valueName: "rule"))
    var repeats: String?

    @Flag(help: "Keep the text as typed: read no date or repeat from it.")
    var asTyped = false

    @Option(help: ArgumentHelp("The list, by name (default: Inbox).", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("The section heading inside the list.", valueName: "name"))
    var section: String?

    @Option(help: ArgumentHelp("Notes.", valueName: "text"))
    var notes: String?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try draft(now: Date())
    }

    /// The todo the arguments say, and whether its date or repeat was read from the text.
    func draft(now: Date) throws -> (draft: NewTodo, read: Bool) {
      let entry =
        asTyped ? nil : QuickEntry(parsing: title, now: now, calendar: .autoupdatingCurrent)
      let option = try repeats.map { try RepeatOption.recurrence($0, now: now) }
      let recurrence = option?.0 ?? entry?.recurrence
      let deadline =
        try due.map(Deadline.init(parsing:)) ?? entry?.deadline ?? option?.first
      let title = try TodoValidation.title(entry?.title ?? title)
      _ = try TodoValidation.section(section)
      _ = try TodoValidation.notes(notes ?? "")
      try TodoValidation.recurrence(recurrence, due: deadline)
      let draft = NewTodo(
        title: title, notes: notes ?? "", deadline: deadline, section: section,
        recurrence: recurrence)
      return (draft, entry?.phrase != nil)
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        var (draft, _) = try draft(now: Date())
        if let list { draft.listID = try await backend.list(named: list).id }
        let todo = try await backend.createTodo(draft)
        try Output.changed(todo, verb: "Added", json: output.json)
      }
    }
  }
}
