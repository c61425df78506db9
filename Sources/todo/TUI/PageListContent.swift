import Diffable
import TerminalUI
import TodoCore

/// How the terminal draws the live page's list: a ``PageSnapshot`` (the one the web page is
/// sent) as TerminalUI's `ListContent`, with the same sections, items and headers.
///
/// A todo's status is its accessory: `○` not started, a yellow `◐` in progress, a green `✓`
/// done (its title dim and struck through). An overdue todo is red. The outline's Undone and
/// Done parents show a disclosure triangle and their count; a todo with subtasks shows one
/// and its progress ("2/5"), its subtasks indented under it.
enum PageListContent {
  /// The list of `page` with `selection` (an item identifier) marked as the selected row.
  ///
  /// A loaded page with no items shows one header row that says why: the search matches
  /// nothing, or the list is empty.
  ///
  /// - Complexity: O(n) for the n items of the page.
  static func content(of page: PageSnapshot, selection: String?) -> ListContent<String, String> {
    var content = ListContent<String, String>(snapshot: page.items, headers: page.headers)
    let outline = page.cells.values.contains { $0.kind == .todo && $0.expanded != nil }
    for (id, cell) in page.cells {
      content.cells[id] = Self.cell(cell, isSelected: id == selection, outline: outline)
    }
    if page.chrome.loaded, page.items.numberOfItems == 0 {
      var snapshot = Snapshot<String, String>()
      try? snapshot.appendSections([emptySection])
      content.snapshot = snapshot
      content.headers = [
        emptySection: page.chrome.emptyText ?? "No todos here yet: press n to add one."
      ]
    }
    return content
  }

  /// The section shown instead of an empty list.
  static let emptySection = "tui:empty"

  /// The terminal cell of a page cell; in an `outline` of subtasks, a todo without subtasks
  /// keeps the triangle's column blank so that siblings line up.
  static func cell(_ cell: LiveCell, isSelected: Bool, outline: Bool = false) -> Cell {
    switch cell.kind {
    case .group:
      return Cell(
        cell.title, secondaryText: cell.detail, level: cell.level,
        disclosure: cell.expanded == false ? .collapsed : .expanded, isSelected: isSelected,
        style: TextStyle(isBold: true))
    case .todo:
      let status = cell.status ?? .notStarted
      var style = TextStyle.plain
      var secondaryStyle = TextStyle(isDim: true)
      if status == .done {
        style = TextStyle(isDim: true, isStruck: true)
      } else if cell.overdue {
        style = TextStyle(color: .red)
        secondaryStyle = TextStyle(color: .red, isBold: true)
      } else if cell.deferred == true {
        // Not started yet, or put aside for some day: greyed, as in the page.
        style = TextStyle(isDim: true)
      }
      // A repeating todo says how after its date: "Monday 09:00 · ↻ every Monday".
      let secondary =
        [
          cell.parent.map { "↳ " + $0 }, cell.progress, cell.priority.map { "P\($0)" }, cell.detail,
          cell.repeats.map { "↻ " + $0 },
          cell.tags.map { $0.map { "#" + $0 }.joined(separator: " ") },
          cell.assignee.map { "@" + $0 },
        ].compactMap { $0 }
      return Cell(
        cell.title, secondaryText: secondary.isEmpty ? nil : secondary.joined(separator: " · "),
        accessory: accessory(status), level: cell.level,
        disclosure: cell.expanded.map { $0 ? .expanded : .collapsed }
          ?? (outline ? .leaf : nil),
        isSelected: isSelected, style: style, secondaryStyle: secondaryStyle)
    }
  }

  /// The mark of a status: `○`, a yellow `◐`, a green `✓`.
  static func accessory(_ status: TodoStatus) -> Cell.Accessory {
    switch status {
    case .notStarted: .circle
    case .inProgress: Cell.Accessory("◐", color: .yellow)
    case .done: .checkmark
    }
  }

  /// The identifiers of the page's rows the keys can select, in display order: every item
  /// (todos and outline parents).
  static func selectableItems(of page: PageSnapshot) -> [String] {
    page.items.itemIdentifiers
  }
}
