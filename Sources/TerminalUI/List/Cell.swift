/// The content of one list row: what ``ListRenderer`` draws for an item of a snapshot.
///
/// A row reads, from the left: a selection mark, the indent of its outline level, the
/// disclosure triangle of an outline parent, the accessory, the text, and the secondary text
/// against the right edge.
///
/// ```swift
/// Cell("Buy milk", secondaryText: "2026/11/25", accessory: .checkmark)
/// // "  ✓ Buy milk                    2026/11/25"
/// Cell("Undone", secondaryText: "3", disclosure: .expanded)
/// // "  ▾ Undone                               3"
/// ```
public struct Cell: Hashable, Sendable {
  /// The main text.
  public var text: String
  /// The secondary text, drawn against the right edge (a date, a count).
  public var secondaryText: String?
  /// The mark before the text (a checkbox, a status glyph).
  public var accessory: Accessory?
  /// The outline level: 0 at the top, each level indented by two columns.
  public var level: Int
  /// The disclosure triangle of an outline parent.
  public var disclosure: Disclosure?
  /// Whether this is the row the keys act on: drawn reversed, and marked `›`.
  public var isSelected: Bool
  /// How the main text is drawn.
  public var style: TextStyle
  /// How the secondary text is drawn.
  public var secondaryStyle: TextStyle

  /// Creates a cell.
  public init(
    _ text: String, secondaryText: String? = nil, accessory: Accessory? = nil, level: Int = 0,
    disclosure: Disclosure? = nil, isSelected: Bool = false, style: TextStyle = .plain,
    secondaryStyle: TextStyle = TextStyle(isDim: true)
  ) {
    self.text = text
    self.secondaryText = secondaryText
    self.accessory = accessory
    self.level = level
    self.disclosure = disclosure
    self.isSelected = isSelected
    self.style = style
    self.secondaryStyle = secondaryStyle
  }

  /// Whether an outline parent shows its children.
  public enum Disclosure: Hashable, Sendable {
    /// Children shown: `▾`.
    case expanded
    /// Children hidden: `▸`.
    case collapsed
    /// A row of an outline without children: the triangle's column is left blank, so that
    /// its text lines up with its siblings' that have one.
    case leaf

    var symbol: String {
      switch self {
      case .expanded: "▾"
      case .collapsed: "▸"
      case .leaf: " "
      }
    }
  }

  /// A mark drawn before a row's text, one or two columns wide.
  public struct Accessory: Hashable, Sendable {
    /// The mark.
    public var symbol: String
    /// Its colour, or the text's.
    public var color: TerminalColor?

    /// Creates an accessory.
    public init(_ symbol: String, color: TerminalColor? = nil) {
      self.symbol = symbol
      self.color = color
    }

    /// A done item: a green `✓`.
    public static let checkmark = Accessory("✓", color: .green)
    /// An item not started: `○`.
    public static let circle = Accessory("○")
  }
}
