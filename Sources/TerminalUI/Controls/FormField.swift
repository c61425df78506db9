/// One labelled field of a ``Form``: single-line text, or a choice among a few options.
public struct FormField: Hashable, Sendable {
  /// The label left of the value.
  public var label: String
  /// The value.
  public var value: Value

  /// What a field holds.
  public enum Value: Hashable, Sendable {
    /// Editable text.
    case text(TextFieldState)
    /// One of `options`, the one at `selected`.
    case choice(options: [String], selected: Int)
  }

  /// Creates a field.
  public init(label: String, value: Value) {
    self.label = label
    self.value = value
  }

  /// A text field holding `text`.
  public static func text(_ label: String, _ text: String) -> FormField {
    FormField(label: label, value: .text(TextFieldState(text)))
  }

  /// A choice field.
  public static func choice(_ label: String, options: [String], selected: Int) -> FormField {
    FormField(label: label, value: .choice(options: options, selected: selected))
  }

  /// The text of a text field, or `nil` for a choice.
  public var text: String? {
    // A `switch`, not `if case … else` as an expression: Swift 6.3's optimizer crashes
    // ("Found outside of lifetime use") on the latter once inlined into another module.
    switch value {
    case .text(let state): return state.text
    case .choice: return nil
    }
  }

  /// The index of the chosen option of a choice field, or `nil` for text.
  public var selectedIndex: Int? {
    switch value {
    case .choice(_, let selected): return selected
    case .text: return nil
    }
  }

  /// Applies an editing key to a text field, or ←, → and Space to a choice.
  mutating func handle(_ key: Key) {
    switch value {
    case .text(var state):
      state.handle(key)
      value = .text(state)
    case .choice(let options, let selected):
      guard !options.isEmpty else { return }
      let step =
        switch key {
        case .left: -1
        case .right, .character(" "): 1
        default: 0
        }
      value = .choice(options: options, selected: (selected + step + options.count) % options.count)
    }
  }

  /// The value drawn in `width` columns.
  func valueLine(width: Int, isFocused: Bool) -> StyledLine {
    switch value {
    case .text(let state):
      var line = StyledLine("[")
      let room = max(0, width - 2)
      let text = TextLine.withCursor(
        state.text, cursor: isFocused ? state.cursor : nil, room: room, style: .plain)
      line.append(text)
      line.append(String(repeating: " ", count: max(0, room - text.width)) + "]")
      return line
    case .choice(let options, let selected):
      let option = options.indices.contains(selected) ? options[selected] : ""
      return StyledLine("‹ " + option + " ›", TextStyle(isBold: isFocused))
        .cut(toWidth: width)
    }
  }
}
