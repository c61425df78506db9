/// A modal box drawn over the middle of the list: a title, a message, and a row of buttons
/// of which one is focused (see ``ListRenderer/present(_:)``). It is the alert with a Retry,
/// the confirmation before a delete, and the help screen that lists the keys.
///
/// ```swift
/// var alert = Dialog(
///   title: "Could not load the areas", message: "The network is unreachable.",
///   buttons: ["Retry", "Cancel"])
/// alert.handle(.right)   // nil: the focus moved to Cancel
/// alert.handle(.enter)   // .pressed(1)
/// ```
///
/// The focused button is drawn `▸ Retry ◂` and reversed; the others `[ Cancel ]`. The
/// message keeps its line breaks and wraps at spaces (anywhere in text without spaces, such
/// as Japanese) to the box's width.
public struct Dialog: Hashable, Sendable {
  /// The title, in the box's top border.
  public var title: String
  /// The text of the box; `\n` starts a new line.
  public var message: String
  /// The buttons, left to right (none: a box that only Escape closes).
  public var buttons: [String]
  /// The index of the focused button.
  public var focusedButton: Int

  /// Creates a dialog.
  public init(title: String, message: String, buttons: [String] = ["OK"], focusedButton: Int = 0) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.focusedButton = focusedButton
  }

  /// A help screen: each key and what it does, in two aligned columns, and a Close button.
  public static func help(title: String = "Keys", _ hints: [KeyHint]) -> Dialog {
    let keyWidth = hints.map(\.key.displayWidth).max() ?? 0
    let message = hints.map { $0.key.padded(toWidth: keyWidth) + "  " + $0.label }
      .joined(separator: "\n")
    return Dialog(title: title, message: message, buttons: ["Close"])
  }

  /// Moves the focus (←, →, Tab, Shift-Tab), presses the focused button (Enter, Space) or
  /// cancels (Escape). Returns what happened to the dialog, or `nil` when it stays open.
  public mutating func handle(_ key: Key) -> ModalEvent? {
    switch key {
    case .left, .backTab:
      focusedButton = max(0, focusedButton - 1)
    case .right, .tab:
      focusedButton = min(max(0, buttons.count - 1), focusedButton + 1)
    case .enter, .character(" "):
      return buttons.isEmpty ? .cancelled : .pressed(focusedButton)
    case .escape:
      return .cancelled
    default:
      break
    }
    return nil
  }

  /// The box's lines, at most `maxWidth` columns wide.
  func lines(maxWidth: Int) -> [StyledLine] {
    let buttonsWidth = buttonRow(width: 0).width
    let natural = max(
      message.split(separator: "\n").map(\.displayWidth).max() ?? 0, title.displayWidth + 4,
      buttonsWidth, 24)
    let inner = max(1, min(natural, maxWidth - 4, 60))
    var body = Wrapping.lines(of: message, width: inner).map { StyledLine($0) }
    if !buttons.isEmpty {
      body.append(StyledLine())
      body.append(buttonRow(width: inner))
    }
    return Box.lines(title: title, body: body, innerWidth: inner)
  }

  /// The buttons, centred in `width` columns.
  private func buttonRow(width: Int) -> StyledLine {
    Box.buttonRow(buttons, focused: focusedButton, width: width)
  }
}

/// What a key did to a ``Dialog`` or a ``Form``.
public enum ModalEvent: Hashable, Sendable {
  /// The button at this index was pressed (Enter on it; Enter in a form's field presses the
  /// first button).
  case pressed(Int)
  /// Escape: the box is to close with nothing done.
  case cancelled
}
