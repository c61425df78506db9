/// The search field drawn on the first line of the screen, above the list (see
/// ``ListRenderer/setSearchField(_:)``).
///
/// It reads, from the left: a magnifier, the text or, when there is none or the field is
/// disabled, the placeholder (dim), and a clear button `✕` at the right edge while there is
/// text to clear. A focused field shows its cursor as a reversed cell and its text bold. A
/// disabled field shows only its placeholder, dim, whatever text it holds.
///
/// ```swift
/// SearchField(placeholder: "都道府県を検索", field: TextFieldState("北"), isFocused: true)
/// // "⌕ 北                                  ✕"
/// SearchField(placeholder: "使用不可", isEnabled: false)
/// // "⌕ 使用不可"
/// ```
public struct SearchField: Hashable, Sendable {
  /// The text shown, dim, while the field is empty or disabled.
  public var placeholder: String
  /// The text and its cursor.
  public var field: TextFieldState
  /// Whether the field takes typing; a disabled field shows its placeholder only.
  public var isEnabled: Bool
  /// Whether the keys go to the field: its cursor is shown.
  public var isFocused: Bool

  /// Creates a search field.
  public init(
    placeholder: String, field: TextFieldState = TextFieldState(), isEnabled: Bool = true,
    isFocused: Bool = false
  ) {
    self.placeholder = placeholder
    self.field = field
    self.isEnabled = isEnabled
    self.isFocused = isFocused
  }

  /// Whether the clear button is shown: the field is enabled and holds text.
  public var showsClearButton: Bool { isEnabled && !field.text.isEmpty }

  /// The symbol at the start of the line.
  static let magnifier = "⌕ "
  /// The clear button at the end of the line.
  static let clearButton = " ✕"

  /// The line drawn in `width` columns.
  ///
  /// - Complexity: O(n) for the n characters of the text.
  func line(width: Int) -> StyledLine {
    var line = StyledLine()
    line.append(Self.magnifier, TextStyle(isDim: !isEnabled))
    let room = max(0, width - Self.magnifier.displayWidth - Self.clearButton.displayWidth)
    guard isEnabled, !field.text.isEmpty || isFocused else {
      line.append(placeholder.truncated(toWidth: room), TextStyle(isDim: true))
      return line.cut(toWidth: width)
    }
    if field.text.isEmpty {
      // Focused and empty: the cursor, then the placeholder.
      line.append(" ", TextStyle(isReversed: true))
      line.append(placeholder.truncated(toWidth: room - 1), TextStyle(isDim: true))
    } else {
      let text = TextLine.withCursor(
        field.text, cursor: isFocused ? field.cursor : nil, room: room,
        style: TextStyle(isBold: isFocused))
      line.append(text)
    }
    if showsClearButton {
      line.append(String(repeating: " ", count: max(0, width - line.width - 2)))
      line.append(Self.clearButton, TextStyle(isBold: true))
    }
    return line.cut(toWidth: width)
  }
}
