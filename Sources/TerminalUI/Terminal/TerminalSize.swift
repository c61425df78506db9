/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of lines.
  public var rows: Int
  /// The number of columns.
  public var columns: Int

  /// Creates a size.
  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}
