import Foundation
import TerminalUI
import TodoCore

/// The readable listing of todos: `#`, a status mark, the title, the priority (`P1`…`P4`),
/// the deadline (`yyyy/MM/dd`, with the time if any, `!` when overdue), how it repeats and when
/// it starts (or "someday"), the tags, and the section and list, each column when it says
/// something.
///
/// ```
///  #  St   Title         P   Due             Tags      Section
///  1  [ ]  Apples        P2  2026/03/01 !    #errands  Fruit
///  2  [~]  Pay rent          2026/03/05 09:00
/// ```
///
/// Columns are measured in terminal columns (``TerminalUI``'s `displayWidth`), so wide
/// characters and emoji keep them aligned. With a ``width`` (the terminal's), titles too long
/// for it are cut with an ellipsis; without one (a pipe, a file) nothing is cut.
struct TodoTable {
  /// The todos in the order they are numbered.
  var todos: [TodoItem]
  /// List names by identifier, for the List column.
  var listNames: [UUID: String]
  /// Whether to show the List column (several lists are shown).
  var showsList: Bool
  /// The instant that decides what is overdue.
  var now: Date
  /// Whether to colour the output.
  var color: Bool
  /// The columns a line may take (the terminal's width), or `nil` for no limit.
  var width: Int? = nil
  /// The levels and progress of a tree listing (`todo ls --tree`), or `nil` for a flat one.
  var outline: Outline? = nil
  /// The names of the people todos are assigned to, by account: the "Who" column.
  var assigneeNames: [UUID: String] = [:]

  /// What a tree listing adds: each todo's depth (its title is indented two spaces a level)
  /// and each parent's progress (`2/5` after its title).
  struct Outline {
    /// Each todo's depth, 0 for the top level.
    var levels: [UUID: Int]
    /// Each parent's done and total subtasks.
    var progress: [UUID: TodoOutline.Progress]
  }

  /// The Title cell: the title, indented by its level in a tree, with a parent's progress.
  func title(_ todo: TodoItem) -> String {
    guard let outline else { return todo.title }
    let indent = String(repeating: "  ", count: outline.levels[todo.id] ?? 0)
    let progress = outline.progress[todo.id].map { " (\($0.text))" } ?? ""
    return indent + todo.title + progress
  }

  /// The narrowest the Title column gets when titles are cut: below it, lines wrap instead.
  static let minimumTitleWidth = 12

  /// The status mark: `[ ]` not started, `[~]` in progress, `[x]` done.
  static func mark(_ status: TodoStatus) -> String {
    switch status {
    case .notStarted: "[ ]"
    case .inProgress: "[~]"
    case .done: "[x]"
    }
  }

  /// The deadline cell: `2026/03/01`, `2026/03/01 09:00`, with ` !` when overdue.
  static func due(_ todo: TodoItem, now: Date) -> String {
    guard let deadline = todo.deadline else { return "" }
    let overdue = todo.status != .done && deadline.isOverdue(at: now)
    return deadline.displayText + (overdue ? " !" : "")
  }

  /// The When cell: how it repeats, when it starts, or that it is put aside for some day
  /// ("every Monday, starts 2031/01/06").
  static func when(_ todo: TodoItem) -> String {
    var words: [String] = []
    if let recurrence = todo.recurrence { words.append(recurrence.label) }
    if let start = todo.start { words.append("starts " + start.displayText) }
    if todo.isSomeday { words.append("someday") }
    return words.joined(separator: ", ")
  }

  /// The Tags cell: `#work #errands`.
  static func tags(_ todo: TodoItem) -> String {
    todo.tagNames.map { "#" + $0 }.joined(separator: " ")
  }

  /// The priority's colour, as the page flags it: P1 red, P2 yellow, P3 blue, P4 plain.
  static func style(of priority: Priority?) -> TextStyle? {
    switch priority {
    case .p1?: TextStyle(color: .red, isBold: true)
    case .p2?: TextStyle(color: .yellow)
    case .p3?: TextStyle(color: .blue)
    case .p4?, nil: nil
    }
  }

  /// The table's lines, a header first.
  ///
  /// - Complexity: O(n) for n todos.
  func lines() -> [String] {
    let showsDue = todos.contains { $0.deadline != nil }
    let showsSection = todos.contains { $0.section != nil }
    let showsWhen = todos.contains { $0.repeatRule != nil || $0.start != nil || $0.isSomeday }
    let showsPriority = todos.contains { $0.priority != nil }
    let showsTags = todos.contains { $0.tags != nil }
    let showsAssignee = todos.contains { $0.assigneeID != nil }
    var header = ["#", "St", "Title"]
    if showsPriority { header.append("P") }
    if showsDue { header.append("Due") }
    if showsWhen { header.append("When") }
    if showsTags { header.append("Tags") }
    if showsAssignee { header.append("Who") }
    if showsSection { header.append("Section") }
    if showsList { header.append("List") }
    var rows: [[String]] = []
    var styles: [[TextStyle?]] = []
    for (index, todo) in todos.enumerated() {
      let due = Self.due(todo, now: now)
      var row = ["\(index + 1)", Self.mark(todo.status), title(todo)]
      var style: [TextStyle?] = [
        nil, Self.style(of: todo.status), todo.status == .done ? .dim : nil,
      ]
      if showsPriority {
        row.append(todo.priority?.label ?? "")
        style.append(Self.style(of: todo.priority))
      }
      if showsDue {
        row.append(due)
        style.append(due.hasSuffix("!") ? .red : nil)
      }
      if showsWhen {
        row.append(Self.when(todo))
        style.append(.dim)
      }
      if showsTags {
        row.append(Self.tags(todo))
        style.append(TextStyle(color: .cyan))
      }
      if showsAssignee {
        row.append(todo.assigneeID.map { "@" + (assigneeNames[$0] ?? "?") } ?? "")
        style.append(nil)
      }
      if showsSection {
        row.append(todo.section ?? "")
        style.append(.dim)
      }
      if showsList {
        row.append(listNames[todo.listID] ?? "")
        style.append(nil)
      }
      rows.append(row)
      styles.append(style)
    }
    var widths = header.indices.map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.displayWidth).max() ?? 0
    }
    if let width {
      // The Title column (the third) gets what the others and the separators leave.
      let others = widths.enumerated().reduce(0) { $0 + ($1.offset == 2 ? 0 : $1.element) }
      let room = max(Self.minimumTitleWidth, width - others - 2 * (widths.count - 1))
      if widths[2] > room {
        widths[2] = room
        for index in rows.indices { rows[index][2] = rows[index][2].truncated(toWidth: room) }
      }
    }
    var lines = [render(header, widths: widths, styles: header.map { _ in .bold })]
    for (row, style) in zip(rows, styles) {
      lines.append(render(row, widths: widths, styles: style))
    }
    return lines
  }

  private static func style(of status: TodoStatus) -> TextStyle? {
    switch status {
    case .notStarted: nil
    case .inProgress: .yellow
    case .done: .green
    }
  }

  /// One line: the number right-aligned, other cells padded, trailing spaces removed.
  private func render(_ cells: [String], widths: [Int], styles: [TextStyle?]) -> String {
    var parts: [String] = []
    for (column, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: max(0, widths[column] - cell.displayWidth))
      let styled = styles[column]?.apply(cell, enabled: color) ?? cell
      parts.append(column == 0 ? padding + styled : styled + padding)
    }
    var line = parts.joined(separator: "  ")
    while line.last == " " { line.removeLast() }
    return line
  }
}
