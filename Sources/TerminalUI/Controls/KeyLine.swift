/// A key and what it does, as the key line and the help screen show it.
///
/// ```swift
/// KeyHint("↑↓", "move")
/// KeyHint("q", "quit")
/// ```
public struct KeyHint: Hashable, Sendable {
  /// The key as the user reads it: `"q"`, `"⏎"`, `"^T"`, `"↑↓"`.
  public var key: String
  /// What it does.
  public var label: String

  /// Creates a hint.
  public init(_ key: String, _ label: String) {
    self.key = key
    self.label = label
  }
}

/// The bottom line of the screen: the keys the screen takes now, and a message at the right
/// (a state such as "Offline", or what just happened), drawn reversed across the line (see
/// ``ListRenderer/setKeyLine(_:)``).
///
/// ```swift
/// KeyLine([KeyHint("↑↓", "move"), KeyHint("q", "quit")], message: "3 areas")
/// // "↑↓ move  q quit                                                    3 areas"
/// ```
///
/// The hints come first and keep their room; the message is cut, with an ellipsis, to what
/// is left.
public struct KeyLine: Hashable, Sendable {
  /// The keys, left to right.
  public var hints: [KeyHint]
  /// The text against the right edge.
  public var message: String

  /// Creates a key line.
  public init(_ hints: [KeyHint], message: String = "") {
    self.hints = hints
    self.message = message
  }

  /// The line drawn in `width` columns.
  ///
  /// - Complexity: O(n) for the n characters of the hints and the message.
  func line(width: Int) -> StyledLine {
    let bar = TextStyle(isReversed: true)
    var line = StyledLine()
    for (index, hint) in hints.enumerated() {
      if index > 0 { line.append("  ", bar) }
      line.append(hint.key, TextStyle(isBold: true, isReversed: true))
      line.append(" " + hint.label, bar)
    }
    line = line.cut(toWidth: width)
    let room = width - line.width - (line.width > 0 ? 2 : 0)
    let message = room > 0 ? self.message.truncated(toWidth: room) : ""
    line.append(
      String(repeating: " ", count: max(0, width - line.width - message.displayWidth)), bar)
    line.append(message, bar)
    return line
  }
}
