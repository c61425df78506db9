import TerminalUI

/// The keys of `todo tui`: the `?` dialog lists them all, the key line the most used.
enum TuiKeyHelp {
  /// Every key of the list, with what it does.
  static let all: [KeyHint] = [
    KeyHint("↑↓ j k", "select (g first, G last)"),
    KeyHint("space x", "done / not done"),
    KeyHint("s", "status: ○ not started ◐ in progress ✓ done"),
    KeyHint("n a", "new todo (\"Call Ann friday\" sets a date)"),
    KeyHint("e ⏎", "edit (Tab next field, ⏎ or ^S save, Esc cancel)"),
    KeyHint("d Del", "delete, after confirming"),
    KeyHint("u", "undo the delete"),
    KeyHint("K J", "move up / down among its siblings"),
    KeyHint("Tab >", "make a subtask of the todo above"),
    KeyHint("⇧Tab <", "take a subtask out of its parent"),
    KeyHint("/", "search as you type (⏎ keep, Esc clear)"),
    KeyHint("l [ ]", "choose a list, view, filter or tag; previous / next"),
    KeyHint("o", "layout: plain, outline, sections"),
    KeyHint("← →", "close / open an outline group or a todo's subtasks"),
    KeyHint("f", "filter: all, active, completed"),
    KeyHint("F", "show what a query finds: #work & p1, today | overdue"),
    KeyHint("z Z", "a ringing reminder: snooze 10 minutes / dismiss"),
    KeyHint("q ^C", "quit"),
  ]

  /// The key line while a reminder rings.
  static let ringing: [KeyHint] = [
    KeyHint("z", "snooze 10 min"), KeyHint("Z", "dismiss"), KeyHint("?", "keys"),
    KeyHint("q", "quit"),
  ]

  /// The key line of the list.
  static let line: [KeyHint] = [
    KeyHint("?", "keys"), KeyHint("n", "add"), KeyHint("x", "done"), KeyHint("e", "edit"),
    KeyHint("d", "delete"), KeyHint("/", "search"), KeyHint("l", "lists"),
    KeyHint("q", "quit"),
  ]
}
