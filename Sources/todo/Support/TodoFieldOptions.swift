import ArgumentParser
import Foundation
import TodoCore

/// The fields of a todo that `todo add` sets and `todo edit` changes, each option declared
/// once: `--due`, `--start`, `--someday`, `--repeat`, `--priority`, `--tag`, `--notes`,
/// `--section` and `--list`.
///
/// An empty value removes the field in `todo edit` (`--due ''`, `--repeat ''`) and is the
/// same as leaving it out in `todo add`.
struct TodoFieldOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The deadline: yyyy-MM-dd, yyyy-MM-ddTHH:mm or words (\"tomorrow\", \"friday 9:00\"); "
        + "'' removes it.", valueName: "date"))
  var due: String?

  @Option(
    help: ArgumentHelp(
      "When it starts: until then it is out of Today ('' removes it).", valueName: "date"))
  var start: String?

  @Flag(
    inversion: .prefixedNo,
    help: "Put it aside for some day, with no date yet (--no-someday takes it back).")
  var someday: Bool?

  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp(
      "How it repeats: words (\"every monday\", \"every 3 days after done\") or a rule "
        + "(FREQ=WEEKLY;BYDAY=MO); '' stops the repeating.", valueName: "rule"))
  var repeats: String?

  @Option(
    help: ArgumentHelp(
      "How urgent: 1 (P1, the most urgent) to 4, or p1…p4 ('' removes it).", valueName: "level"))
  var priority: String?

  @Option(
    name: .customLong("tag"),
    help: ArgumentHelp("A tag to add (one word; repeat the option for more).", valueName: "tag"))
  var addedTags: [String] = []

  @Option(help: ArgumentHelp("Notes.", valueName: "text"))
  var notes: String?

  @Option(
    help: ArgumentHelp("The section heading inside the list ('' removes it).", valueName: "name"))
  var section: String?

  @Option(help: ArgumentHelp("The list, by name (a todo moves to its bottom).", valueName: "name"))
  var list: String?

  @Option(
    help: ArgumentHelp(
      "The member of the list it is assigned to, by name ('' assigns it to nobody).",
      valueName: "user"))
  var assign: String?

  /// Whether no field option was given.
  var isEmpty: Bool {
    due == nil && start == nil && someday == nil && repeats == nil && notes == nil
      && section == nil && list == nil && priority == nil && addedTags.isEmpty && assign == nil
  }

  /// The assignee change for a todo of `listID`: `nil` none, `.some(nil)` nobody, else the
  /// member of the list named by `--assign`.
  ///
  /// - Throws: `CLIError.invalid` naming the list's members for a name that is not one.
  func assigneeChange(inList listID: UUID, backend: any TodoBackend) async throws -> UUID?? {
    guard let given = Self.change(assign, { $0.trimmingCharacters(in: .whitespaces) }) else {
      return nil
    }
    guard let name = given else { return .some(nil) }
    let members = try await backend.members(ofList: listID)
    guard let member = members.first(where: { $0.name.lowercased() == name.lowercased() }) else {
      let names = members.map(\.name).joined(separator: ", ")
      throw CLIError.invalid(
        "\(name) is not a member of the list; "
          + (members.isEmpty ? "it is shared with nobody" : "its members: \(names)"))
    }
    return .some(member.accountID)
  }

  func validate() throws {
    _ = try deadline()
    _ = try startDate()
    _ = try recurrence(now: Date())
    _ = try notes.map(TodoValidation.notes)
    _ = try TodoValidation.section(section)
    _ = try priorityChange()
    _ = try TodoValidation.tags(addedTags)
  }

  /// The priority change: `nil` none, `.some(nil)` remove, `.some(p)` set.
  ///
  /// - Throws: `TodoError.validation` on `priority` for anything but 1…4 or p1…p4.
  func priorityChange() throws -> Priority?? {
    try Self.change(priority) { try Priority(parsing: $0) }
  }

  /// The deadline change: `nil` none, `.some(nil)` remove, `.some(d)` set.
  ///
  /// - Throws: `TodoError.validation` for a date that is not one.
  func deadline(now: Date = Date()) throws -> Deadline?? {
    try Self.change(due) {
      try Deadline(typed: $0, field: "deadline", now: now, calendar: .autoupdatingCurrent)
    }
  }

  /// The start date change: `nil` none, `.some(nil)` remove, `.some(d)` set.
  ///
  /// - Throws: `TodoError.validation` on `start` for a date that is not one.
  func startDate(now: Date = Date()) throws -> Deadline?? {
    try Self.change(start) {
      try Deadline(typed: $0, field: "start", now: now, calendar: .autoupdatingCurrent)
    }
  }

  /// The repeat change (`nil` none, `.some(nil)` stop, `.some(r)` set) and the first date its
  /// words give ("every monday 9:00": next Monday at 09:00; a rule gives none).
  ///
  /// - Throws: `TodoError.validation` on `repeat` for words that are not a repeat or a rule
  ///   that is not valid, saying what is wrong.
  func recurrence(now: Date) throws -> (change: Recurrence??, first: Deadline?) {
    let read = try Self.change(repeats) {
      try Recurrence.reading(
        $0.trimmingCharacters(in: .whitespaces), now: now, calendar: .autoupdatingCurrent)
    }
    return (read.map { $0?.recurrence }, read??.first)
  }

  /// What an option that `''` clears asks for: `nil` when it is not given, `.some(nil)` for
  /// a blank value (remove the field), else `.some` of what `read` makes of the value.
  private static func change<Value>(_ value: String?, _ read: (String) throws -> Value) rethrows
    -> Value??
  {
    guard let value else { return nil }
    if value.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
    return .some(try read(value))
  }
}
