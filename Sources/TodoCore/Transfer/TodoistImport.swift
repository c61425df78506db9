import Foundation
import ICalendar
import Persistence

/// Reads the CSV file Todoist exports for a project: its tasks (with their descriptions and
/// comments), sections, priorities, dates and indents.
///
/// Columns are found by their header (`TYPE`, `CONTENT`, `DESCRIPTION`, `PRIORITY`, `INDENT`,
/// `RESPONSIBLE`, `DATE`); other columns are ignored. A task's responsible person (`Ana
/// (12345)`) is its assignee when a member of the list has that name. A task's section is the last `section` row above it;
/// a `note` row is a comment, added to the notes of the task above. Todoist's priorities
/// (its file writes p1 as 4 and p4, its default, as 1) become P1 to P3, and its default none;
/// its labels (`@errands` in the content) become tags and leave the title. An indented task is
/// a subtask of the task above it with one indent less. A date is read as a
/// date or a phrase of the quick entry ("tomorrow", "Nov 24", "12/1 9:00", and repeats:
/// "every monday" repeats from the next Monday); a date the quick entry does not read is kept
/// in the notes.
public struct TodoistImport: Sendable {
  /// One task to add.
  public struct Task: Sendable, Hashable {
    /// The todo's identifier (also its `UID`).
    public var id: UUID
    /// The task's content.
    public var title: String
    /// Its description, its comments, and a date the quick entry does not read.
    public var notes: String
    /// The section above it.
    public var section: String?
    /// Its date.
    public var deadline: Deadline?
    /// How it repeats, if its date is a repeat ("every monday").
    public var recurrence: Recurrence?
    /// Its priority, if Todoist's was not the default.
    public var priority: Priority?
    /// Its labels, as tags.
    public var tags: [String] = []
    /// The task this one is indented under.
    public var parent: UUID?
    /// The name of the person Todoist made responsible for it (without Todoist's user
    /// number), if any.
    public var responsible: String?
  }

  /// The tasks, in the file's order.
  public var tasks: [Task]
  /// What was not imported as it was, and why.
  public var notes: [String]

  /// Reads a Todoist CSV export.
  ///
  /// - Throws: `TodoError.invalidImport` for a file that is not one (no `TYPE` and `CONTENT`
  ///   columns, an unclosed quote) or a task that breaks a rule (naming its line).
  public init(csv text: String, now: Date, calendar: Calendar) throws {
    let rows = try CSVTable.rows(text)
    guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces).uppercased() }),
      let typeColumn = header.firstIndex(of: "TYPE"),
      let contentColumn = header.firstIndex(of: "CONTENT")
    else {
      throw TodoError.invalidImport("not a Todoist CSV export: it needs TYPE and CONTENT columns")
    }
    func column(_ name: String, of row: [String]) -> String {
      guard let index = header.firstIndex(of: name), index < row.count else { return "" }
      return row[index].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var tasks: [Task] = []
    var section: String?
    var parents: [Int: UUID] = [:]
    var unread = 0
    var others: [String: Int] = [:]
    for (offset, row) in rows.dropFirst().enumerated() {
      // Todoist puts an empty row between sections.
      if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
      let place = "line \(offset + 2)"
      let type = (typeColumn < row.count ? row[typeColumn] : "").lowercased()
      let content = contentColumn < row.count ? row[contentColumn] : ""
      switch type {
      case "section":
        section = try Self.checked(place) { try TodoValidation.section(content) }
        parents = [:]
      case "note":
        guard !tasks.isEmpty else { continue }
        let last = tasks.count - 1
        let note = content.trimmingCharacters(in: .whitespacesAndNewlines)
        tasks[last].notes += (tasks[last].notes.isEmpty ? "" : "\n\n") + note
      case "task":
        var task = Task(
          id: UUID(), title: "", notes: column("DESCRIPTION", of: row), section: section,
          deadline: nil, priority: nil, parent: nil)
        let words = content.split(whereSeparator: \.isWhitespace)
        let labels = words.filter { $0.count > 1 && $0.hasPrefix("@") }
        // Only a task with labels loses them: any other title is checked as written.
        let title =
          !labels.isEmpty && labels.count < words.count
          ? words.filter { !($0.count > 1 && $0.hasPrefix("@")) }.joined(separator: " ")
          : content
        task.title = try Self.checked(place) { try TodoValidation.title(title) }
        task.tags = try Self.checked(place) {
          try TodoValidation.tags(labels.map { String($0.dropFirst()) })
        }
        task.priority =
          switch column("PRIORITY", of: row) {
          case "4": .p1
          case "3": .p2
          case "2": .p3
          default: nil
          }
        task.responsible = Self.person(column("RESPONSIBLE", of: row))
        let indent = max(1, Int(column("INDENT", of: row)) ?? 1)
        task.parent = indent > 1 ? parents[indent - 1] : nil
        parents[indent] = task.id
        parents = parents.filter { $0.key <= indent }
        let date = column("DATE", of: row)
        if !date.isEmpty {
          if let deadline = try? Deadline(parsing: date) {
            task.deadline = deadline
          } else {
            // A phrase of the quick entry: a day, or a repeat from its first day.
            let entry = QuickEntry(parsing: "x " + date, now: now, calendar: calendar)
            if let deadline = entry.deadline, entry.title == "x" {
              task.deadline = deadline
              task.recurrence = entry.recurrence
            } else {
              unread += 1
              task.notes += (task.notes.isEmpty ? "" : "\n\n") + "Todoist date: \(date)"
            }
          }
        }
        task.notes = try Self.checked(place) { try TodoValidation.notes(task.notes) }
        tasks.append(task)
      default:
        others[type.isEmpty ? "(no type)" : type, default: 0] += 1
      }
    }
    self.tasks = tasks
    var notes: [String] = []
    if unread > 0 {
      notes.append(
        "\(unread) date\(unread == 1 ? "" : "s") not understood: kept in the notes")
    }
    for (type, count) in others.sorted(by: { $0.key < $1.key }) {
      notes.append("\(count) row\(count == 1 ? "" : "s") of type \(type): not a task")
    }
    self.notes = notes
  }

  /// The name in a `RESPONSIBLE` (or `AUTHOR`) cell, `Ana (12345)`, without Todoist's user
  /// number; `nil` for an empty cell.
  static func person(_ cell: String) -> String? {
    var name = Substring(cell)
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("),
      name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy(\.isNumber)
    {
      name = name[..<open]
    }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : trimmed
  }

  private static func checked<T>(_ place: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as TodoError {
      throw TodoError.invalidImport("\(place): \(error)")
    }
  }
}

extension TodoService {
  /// Imports a Todoist CSV export into a list (the Inbox by default), all of it or nothing:
  /// its tasks are added at the bottom, in order, with their sections, notes, dates,
  /// priorities, labels (as tags), subtasks and assignees (the list's member of the
  /// responsible person's name; a name that is no member's is said, and the task stays
  /// unassigned).
  ///
  /// - Throws: `TodoError.invalidImport` (nothing is written), `TodoError.notFound` or
  ///   `.forbidden` for a list the principal cannot write.
  public func importTodoist(_ text: String, into listID: UUID? = nil, calendar: Calendar)
    async throws -> CalendarImport
  {
    let plan = try TodoistImport(csv: text, now: now(), calendar: calendar)
    let date = now()
    let strangers = try await write { tx -> [String] in
      let target = listID ?? self.inboxID
      _ = try self.liveList(id: target, need: .edit, in: tx)
      let members = try self.listMembers(of: target, in: tx)
      var strangers: [String] = []
      for task in plan.tasks {
        var assignee: UUID?
        if let name = task.responsible {
          assignee = members.first { $0.name.lowercased() == name.lowercased() }?.accountID
          if assignee == nil, !strangers.contains(name) { strangers.append(name) }
        }
        let todo = Todo(
          id: task.id, listID: target, title: task.title, notes: task.notes,
          deadline: task.deadline, section: task.section, order: try OrderKey.between(nil, nil),
          createdAt: date, updatedAt: date, recurrence: task.recurrence,
          priority: task.priority, tags: task.tags, parentID: task.parent,
          assigneeID: assignee)
        // A parent comes before its subtasks in the file, so it is there to check against.
        try Self.checkParent(of: todo, in: tx)
        _ = try tx.insert(todo, at: .bottom)
      }
      return strangers
    }
    logger.info("imported \(plan.tasks.count) todos from Todoist")
    let unassigned =
      strangers.isEmpty
      ? []
      : ["responsible \(strangers.joined(separator: ", ")): no member of the list, left unassigned"]
    return CalendarImport(added: plan.tasks.count, updated: 0, skipped: plan.notes + unassigned)
  }
}
