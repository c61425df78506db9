import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo add TEXT [--due DATE] [--repeat RULE] [--priority N] [--tag TAG]… [--as-typed]
  /// [--list NAME] [--section NAME] [--notes TEXT] [--parent N]`.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a todo.",
      discussion: """
        The text is read as the page's new-todo field reads it: "Call mum every Monday 9:00" \
        adds "Call mum", due next Monday at 09:00 and repeating every Monday; "Pay rent \
        tomorrow" is due tomorrow; "Buy milk #errands !1" is tagged errands, at priority P1. \
        The words that named a date, a repeat, a tag or the priority leave the title, and the \
        command says what it read. --as-typed keeps the text as typed.

        The todo goes to the bottom of its list (the Inbox unless --list names another). \
        --parent N makes it a subtask of todo N, at the end of N's subtasks, in N's list. \
        Dates are yyyy-MM-dd, optionally with a time (2026-03-01T09:30), or words as the \
        title takes them: --due tomorrow, --start "friday 9:00", --due "in 3 days". A repeat \
        is words ("every 2 weeks", "every weekday", "every 3 days after done") or an RFC 5545 \
        rule (FREQ=WEEKLY;BYDAY=MO).

        \(ExitStatus.helpText)
        """)

    @Argument(help: "The title (trimmed; 1 to 1000 characters), with a date or repeat in words.")
    var title: String

    @Flag(help: "Keep the text as typed: read no date or repeat from it.")
    var asTyped = false

    @Option(help: ArgumentHelp("Make it a subtask of this todo.", valueName: "N"))
    var parent: TodoReference?

    @OptionGroup var fields: TodoFieldOptions
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try draft(now: Date())
    }

    /// The todo the arguments say: the text read as the new-todo field reads it (unless
    /// `--as-typed`), the options winning over what it read.
    func draft(now: Date) throws -> NewTodo {
      let entry =
        asTyped ? nil : QuickEntry(parsing: title, now: now, calendar: .autoupdatingCurrent)
      let repeats = try fields.recurrence(now: now)
      let recurrence = repeats.change ?? entry?.recurrence
      let deadline = try fields.deadline(now: now) ?? entry?.deadline ?? repeats.first
      try TodoValidation.recurrence(recurrence, due: deadline, now: now)
      let start = try fields.startDate(now: now) ?? nil
      try TodoValidation.start(start, deadline: deadline)
      return NewTodo(
        title: try TodoValidation.title(entry?.title ?? title), notes: fields.notes ?? "",
        deadline: deadline, section: fields.section, recurrence: recurrence, start: start,
        someday: fields.someday ?? false,
        priority: try fields.priorityChange() ?? entry?.priority,
        tags: try TodoValidation.tags((entry?.tags ?? []) + fields.addedTags))
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        var draft = try draft(now: Date())
        if let list = fields.list { draft.listID = try await backend.list(named: list).id }
        if let parent {
          let parent = try await parent.todo(in: backend)
          draft.parentID = parent.id
          draft.listID = draft.listID ?? parent.listID
        }
        if let listID = draft.listID {
          draft.assigneeID =
            try await fields.assigneeChange(inList: listID, backend: backend) ?? nil
        } else if fields.assign != nil {
          throw CLIError.invalid(
            "--assign needs --list or --parent: a todo is assigned to a member of its list")
        }
        let todo = try await backend.createTodo(draft)
        try Output.changed(todo, verb: "Added", json: output.json)
      }
    }
  }
}
