/// One of the eight standard terminal colours, or gray (bright black).
public enum TerminalColor: Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white, gray

  /// The SGR parameter that sets this colour as the foreground.
  var foregroundCode: Int {
    switch self {
    case .black: 30
    case .red: 31
    case .green: 32
    case .yellow: 33
    case .blue: 34
    case .magenta: 35
    case .cyan: 36
    case .white: 37
    case .gray: 90
    }
  }
}

/// How a run of text is drawn: its colour and attributes, written as one SGR sequence.
///
/// ```swift
/// TextStyle(color: .red, isBold: true).sgr  // "\u{1B}[1;31m"
/// ```
public struct TextStyle: Hashable, Sendable {
  /// The foreground colour, or the terminal's default.
  public var color: TerminalColor?
  /// Bold (or bright) text.
  public var isBold: Bool
  /// Faint text.
  public var isDim: Bool
  /// Foreground and background swapped: the selected row, the status line.
  public var isReversed: Bool
  /// A line through the text (done todos).
  public var isStruck: Bool

  /// Creates a style; the default is the terminal's plain text.
  public init(
    color: TerminalColor? = nil, isBold: Bool = false, isDim: Bool = false,
    isReversed: Bool = false, isStruck: Bool = false
  ) {
    self.color = color
    self.isBold = isBold
    self.isDim = isDim
    self.isReversed = isReversed
    self.isStruck = isStruck
  }

  /// The terminal's plain text.
  public static let plain = TextStyle()

  /// The SGR sequence that sets this style (`ESC[0m` for the plain style).
  public var sgr: String {
    var codes: [Int] = []
    if isBold { codes.append(1) }
    if isDim { codes.append(2) }
    if isReversed { codes.append(7) }
    if isStruck { codes.append(9) }
    if let color { codes.append(color.foregroundCode) }
    if codes.isEmpty { return ControlSequence.resetStyle }
    return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
  }

  /// `text` in this style, followed by the plain style: for output written line by line, such
  /// as a command's table, rather than drawn by a renderer. Empty text stays empty.
  ///
  /// ```swift
  /// TextStyle(color: .green).applied(to: "✓")  // "\u{1B}[32m✓\u{1B}[0m"
  /// ```
  public func applied(to text: String) -> String {
    text.isEmpty || self == .plain ? text : sgr + text + ControlSequence.resetStyle
  }

  /// This style with `other`'s colour and attributes added.
  func merged(with other: TextStyle) -> TextStyle {
    TextStyle(
      color: other.color ?? color, isBold: isBold || other.isBold, isDim: isDim || other.isDim,
      isReversed: isReversed || other.isReversed, isStruck: isStruck || other.isStruck)
  }
}
