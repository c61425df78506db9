extension Cell {
  /// The row this cell draws in `width` columns: selection mark, indent, disclosure,
  /// accessory, the text cut with an ellipsis, and the secondary text against the right edge
  /// (cut to half the room when both do not fit).
  ///
  /// - Complexity: O(n) for the n characters of the cell's texts.
  func line(width: Int) -> StyledLine {
    let base = isSelected ? TextStyle(isReversed: true) : .plain
    var line = StyledLine()
    line.append(isSelected ? "› " : "  ", base)
    line.append(String(repeating: "  ", count: max(0, level)), base)
    if let disclosure { line.append(disclosure.symbol + " ", base) }
    if let accessory {
      line.append(accessory.symbol, base.merged(with: TextStyle(color: accessory.color)))
      line.append(" ", base)
    }
    let room = width - line.width
    guard room > 0 else { return line.cut(toWidth: width) }
    var secondary = secondaryText ?? ""
    var text = self.text
    let needed = text.displayWidth + (secondary.isEmpty ? 0 : secondary.displayWidth + 1)
    if needed > room {
      if !secondary.isEmpty {
        secondary = secondary.truncated(toWidth: min(secondary.displayWidth, room / 2))
      }
      let textRoom = room - (secondary.isEmpty ? 0 : secondary.displayWidth + 1)
      text = text.truncated(toWidth: max(0, textRoom))
    }
    line.append(text, base.merged(with: style))
    let gap = room - text.displayWidth - secondary.displayWidth
    if !secondary.isEmpty || isSelected {
      line.append(String(repeating: " ", count: max(0, gap)), base)
    }
    line.append(secondary, base.merged(with: secondaryStyle))
    return line.cut(toWidth: width)
  }

  /// A section's header row: its title in bold, cut to `width` columns.
  static func headerLine(_ title: String, width: Int) -> StyledLine {
    var line = StyledLine()
    line.append(title.truncated(toWidth: width), TextStyle(isBold: true))
    return line
  }

  /// The status line: `text` cut to `width` columns and drawn reversed across the whole line.
  static func statusLine(_ text: String, width: Int) -> StyledLine {
    var line = StyledLine()
    line.append(text.truncated(toWidth: width).padded(toWidth: width), TextStyle(isReversed: true))
    return line
  }
}
