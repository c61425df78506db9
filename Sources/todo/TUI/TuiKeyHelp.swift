/// The keys of `todo tui`: the `?` screen lists them all, the bottom line the most used.
enum TuiKeyHelp {
  /// Every key of the list, with what it does.
  static let all: [(keys: String, meaning: String)] = [
    ("↑ ↓  k j", "select a row (g first, G last, PgUp PgDn)"),
    ("space  x", "done / not done"),
    ("s", "next status: not started ○, in progress ◐, done ✓"),
    ("n  a", "new todo (quick entry: \"Call Ann tomorrow 9:00\")"),
    ("e  Enter", "edit: Tab next field, Enter or Ctrl-S save, Esc cancel"),
    ("d  Delete", "delete, after y to confirm"),
    ("u", "undo the last delete"),
    ("K  J", "move the todo up / down"),
    ("/", "search as you type (Enter keep, Esc clear)"),
    ("l", "choose a list"),
    ("[  ]", "previous / next list"),
    ("o", "layout: plain, outline (Undone / Done), sections"),
    ("← → Enter", "close / open an outline group"),
    ("f", "filter: all, active, completed"),
    ("Esc", "dismiss the undo message, clear the search"),
    ("?", "this screen"),
    ("q  Ctrl-C", "quit"),
  ]

  /// The bottom line of the list, the keys to find the others first.
  static let line =
    "? keys  q quit  n add  x done  s status  e edit  d delete  u undo  K/J move  / search  "
    + "l lists  o outline"
}
