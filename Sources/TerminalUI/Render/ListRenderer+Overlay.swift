extension ListRenderer {
  // MARK: - The search field

  /// Shows `field` on the first line, above the list, or removes the line (`nil`).
  ///
  /// A field that comes or goes changes the list region, so everything is drawn again; a
  /// field that changes (text, cursor, focus, enabled) rewrites its line alone, and nothing
  /// when it looks the same.
  public mutating func setSearchField(_ field: SearchField?) -> [UInt8] {
    let old = searchField
    searchField = field
    if (old == nil) != (field == nil) {
      top = clampedTop(top)
      return Array(redrawAll().utf8)
    }
    guard let old, let field, old.line(width: size.columns) != field.line(width: size.columns)
    else { return [] }
    return Array(searchFieldBytes().utf8)
  }

  func searchFieldBytes() -> String {
    guard let searchField, size.rows > 1 else { return "" }
    return ControlSequence.moveTo(row: 1) + ControlSequence.clearLine
      + searchField.line(width: size.columns).encoded(usesColor: usesColor)
  }

  // MARK: - The key line

  /// Shows `keyLine` as the bottom line instead of ``status`` (`nil`: the status again).
  /// Nothing is written when the line looks the same.
  public mutating func setKeyLine(_ keyLine: KeyLine?) -> [UInt8] {
    let width = size.columns
    let before = self.keyLine?.line(width: width) ?? Cell.statusLine(status, width: width)
    self.keyLine = keyLine
    let after = keyLine?.line(width: width) ?? Cell.statusLine(status, width: width)
    return before == after ? [] : Array(statusBytes().utf8)
  }

  // MARK: - Dialogs and forms

  /// Draws `overlay` over the middle of the list region, or takes the one shown away
  /// (`nil`).
  ///
  /// Only lines whose look changes are written: presenting writes the lines the box covers
  /// (each with the row under it to the left and right of the box), moving the focus inside
  /// it rewrites the lines that change, and dismissing writes the rows it covered again.
  /// While a box is up, changes to the list go on as usual and lines the box covers are
  /// drawn with it.
  ///
  /// - Complexity: O(h·w) for the h lines of the list region and w columns.
  public mutating func present(_ overlay: Overlay?) -> [UInt8] {
    self.overlay = overlay
    return Array(syncLines(stale: []).utf8)
  }

  /// Where the overlay's lines go: for each covered line of the list region, the box's part
  /// and its first column (counted from 0).
  func overlayPieces() -> [Int: (line: StyledLine, column: Int)] {
    guard let overlay, visibleHeight > 0 else { return [:] }
    let lines = overlay.lines(maxWidth: size.columns - 2)
    let shown = lines.count > visibleHeight ? Array(lines.suffix(visibleHeight)) : lines
    let first = (visibleHeight - shown.count) / 2
    var pieces: [Int: (line: StyledLine, column: Int)] = [:]
    for (offset, line) in shown.enumerated() {
      pieces[first + offset] = (line, max(0, (size.columns - line.width) / 2))
    }
    return pieces
  }
}
