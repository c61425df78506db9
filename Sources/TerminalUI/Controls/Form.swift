/// A modal form drawn over the middle of the list: labelled fields, one below the other,
/// and a row of buttons (Save and Cancel), one field or button focused (see
/// ``ListRenderer/present(_:)``). It is the todo edit form.
///
/// ```swift
/// var form = Form(
///   title: "Edit todo",
///   fields: [
///     .text("Title", "Buy milk"),
///     .text("Notes", ""),
///     .choice("Status", options: ["Undone", "Started", "Done"], selected: 0),
///   ])
/// form.handle(.character("!"))   // nil: "Buy milk!"
/// form.handle(.tab)              // nil: the focus moved to Notes
/// form.handle(.enter)            // .pressed(0): Save
/// form.fields[0].text            // "Buy milk!"
/// ```
///
/// A text field is drawn between brackets with its cursor when focused; a choice field as
/// `‹ Undone ›`. The focused field's label is marked `›` and bold.
public struct Form: Hashable, Sendable {
  /// The title, in the box's top border.
  public var title: String
  /// The fields, top to bottom.
  public var fields: [FormField]
  /// The buttons, left to right: the first is the one Enter in a field presses.
  public var buttons: [String]
  /// What the keys go to.
  public var focus: Focus

  /// A field or a button of the form.
  public enum Focus: Hashable, Sendable {
    /// The field at this index.
    case field(Int)
    /// The button at this index.
    case button(Int)
  }

  /// Creates a form, its first field focused.
  public init(
    title: String, fields: [FormField], buttons: [String] = ["Save", "Cancel"],
    focus: Focus = .field(0)
  ) {
    self.title = title
    self.fields = fields
    self.buttons = buttons
    self.focus = focus
  }

  /// Applies a key: Tab and ↓ move the focus to the next field or button, Shift-Tab and ↑
  /// to the previous one; a focused text field takes the editing keys of
  /// ``TextFieldState/handle(_:)``; a focused choice field changes with ← and → (or Space);
  /// ← and → move between buttons; Enter presses the focused button, or the first one from a
  /// field; Escape cancels. Returns what happened to the form, or `nil` when it stays open.
  public mutating func handle(_ key: Key) -> ModalEvent? {
    switch key {
    case .escape:
      return .cancelled
    case .enter:
      if case .button(let index) = focus { return .pressed(index) }
      return buttons.isEmpty ? nil : .pressed(0)
    case .tab, .down:
      moveFocus(by: 1)
      return nil
    case .backTab, .up:
      moveFocus(by: -1)
      return nil
    default:
      break
    }
    switch focus {
    case .field(let index) where fields.indices.contains(index):
      fields[index].handle(key)
    case .button(let index):
      if key == .left, index > 0 { focus = .button(index - 1) }
      if key == .right, index + 1 < buttons.count { focus = .button(index + 1) }
    default:
      break
    }
    return nil
  }

  /// The focus `step` places further in the order fields, then buttons, wrapping around.
  private mutating func moveFocus(by step: Int) {
    let count = fields.count + buttons.count
    guard count > 0 else { return }
    let position =
      switch focus {
      case .field(let index): index
      case .button(let index): fields.count + index
      }
    let next = ((position + step) % count + count) % count
    focus = next < fields.count ? .field(next) : .button(next - fields.count)
  }

  /// The box's lines, at most `maxWidth` columns wide.
  func lines(maxWidth: Int) -> [StyledLine] {
    let inner = max(1, min(maxWidth - 4, 56))
    let labelWidth = (fields.map(\.label.displayWidth).max() ?? 0) + 2
    var body: [StyledLine] = []
    for (index, field) in fields.enumerated() {
      let isFocused = focus == .field(index)
      var row = StyledLine(isFocused ? "› " : "  ", TextStyle(isBold: isFocused))
      row.append(field.label.padded(toWidth: labelWidth), TextStyle(isBold: isFocused))
      row.append(field.valueLine(width: inner - row.width, isFocused: isFocused))
      body.append(row)
    }
    body.append(StyledLine())
    let focusedButton: Int? = if case .button(let index) = focus { index } else { nil }
    body.append(Box.buttonRow(buttons, focused: focusedButton, width: inner))
    return Box.lines(title: title, body: body, innerWidth: inner)
  }
}
