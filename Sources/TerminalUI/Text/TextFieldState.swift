/// The text of a single-line field and its insertion point, with the editing keys of a
/// terminal field: typing inserts at the cursor, Backspace and Delete remove the character
/// before or after it, the arrows, Home and End (and Ctrl-A, Ctrl-E) move it, Ctrl-U clears
/// the text before it.
///
/// The cursor counts characters (grapheme clusters), not columns, so a wide character is
/// stepped over in one move; ``cursorColumn`` is where it is drawn. A combining mark typed
/// after a letter joins that letter's character, as it does in the text.
///
/// ```swift
/// var field = TextFieldState("東京")
/// field.handle(.left)                // the cursor between 東 and 京
/// field.handle(.character("北"))     // "東北京", cursor after 北
/// field.cursorColumn                 // 4
/// ```
public struct TextFieldState: Hashable, Sendable {
  /// The text.
  public private(set) var text: String
  /// The number of characters before the insertion point, `0...text.count`.
  public private(set) var cursor: Int

  /// Creates a field holding `text`, the cursor at its end.
  public init(_ text: String = "") {
    self.text = text
    self.cursor = text.count
  }

  /// The column the cursor is drawn at, counted from the start of the text: the display
  /// width of the text before it.
  public var cursorColumn: Int { text.prefix(cursor).displayWidth }

  /// Replaces the text, the cursor at its end.
  public mutating func setText(_ text: String) {
    self.text = text
    cursor = text.count
  }

  /// Inserts `string` at the cursor and moves the cursor after it.
  public mutating func insert(_ string: String) {
    let split = text.index(text.startIndex, offsetBy: cursor)
    let before = String(text[..<split]) + string
    text = before + text[split...]
    // Counted again: a combining mark joins the character before it.
    cursor = min(before.count, text.count)
  }

  /// Removes the character before the cursor (Backspace); nothing at the start.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
    cursor -= 1
  }

  /// Removes the character after the cursor (Delete); nothing at the end.
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    text.remove(at: text.index(text.startIndex, offsetBy: cursor))
  }

  /// Removes the text before the cursor (Ctrl-U).
  public mutating func deleteToStart() {
    text.removeFirst(cursor)
    cursor = 0
  }

  /// Moves the cursor one character left; nothing at the start.
  public mutating func moveLeft() { cursor = max(0, cursor - 1) }

  /// Moves the cursor one character right; nothing at the end.
  public mutating func moveRight() { cursor = min(text.count, cursor + 1) }

  /// Moves the cursor before the first character.
  public mutating func moveToStart() { cursor = 0 }

  /// Moves the cursor after the last character.
  public mutating func moveToEnd() { cursor = text.count }

  /// Applies an editing key; returns whether it was one. Other keys (Enter, Escape, Tab, the
  /// vertical arrows) are left to the screen.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .backspace: deleteBackward()
    case .delete, .control("d"): deleteForward()
    case .left, .control("b"): moveLeft()
    case .right, .control("f"): moveRight()
    case .home, .control("a"): moveToStart()
    case .end, .control("e"): moveToEnd()
    case .control("u"): deleteToStart()
    default: return false
    }
    return true
  }
}
