/// A key press read from the terminal.
public enum Key: Hashable, Sendable {
  /// Printable text, one Unicode scalar at a time: a letter, a digit, a kana, an emoji (a
  /// cluster of several scalars, such as a flag, arrives as several keys that join again
  /// when appended to a `String`).
  case character(Character)
  /// A letter pressed with Control, lowercased (`.control("c")` for Ctrl-C).
  case control(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown
  /// The forward delete key.
  case delete
  case enter, escape, backspace, tab
  /// Shift-Tab.
  case backTab
}
