/// The frame the modal controls are drawn in.
enum Box {
  /// The box around `body`: a top border with `title`, each body line between `│ ` and ` │`
  /// padded to `innerWidth`, and a bottom border.
  static func lines(title: String, body: [StyledLine], innerWidth: Int) -> [StyledLine] {
    let border = TextStyle.plain
    var top = StyledLine("┌─", border)
    let shownTitle = title.isEmpty ? "" : " " + title.truncated(toWidth: innerWidth - 2) + " "
    top.append(shownTitle, TextStyle(isBold: true))
    top.append(
      String(repeating: "─", count: max(0, innerWidth + 1 - shownTitle.displayWidth)) + "┐",
      border)
    var lines = [top]
    for line in body {
      var row = StyledLine("│ ", border)
      let cut = line.cut(toWidth: innerWidth)
      row.append(cut)
      row.append(String(repeating: " ", count: innerWidth - cut.width) + " │", border)
      lines.append(row)
    }
    lines.append(
      StyledLine("└" + String(repeating: "─", count: innerWidth + 2) + "┘", border))
    return lines
  }

  /// Buttons side by side, centred in `width` columns: the focused one `▸ Save ◂` reversed
  /// and bold, the others `[ Cancel ]`.
  static func buttonRow(_ buttons: [String], focused: Int?, width: Int) -> StyledLine {
    var row = StyledLine()
    for (index, button) in buttons.enumerated() {
      if index > 0 { row.append("  ") }
      if index == focused {
        row.append("▸ " + button + " ◂", TextStyle(isBold: true, isReversed: true))
      } else {
        row.append("[ " + button + " ]")
      }
    }
    var centred = StyledLine(String(repeating: " ", count: max(0, (width - row.width) / 2)))
    centred.append(row)
    return centred
  }
}

/// Breaking text into lines of a width.
enum Wrapping {
  /// The lines of `text` at most `width` columns wide: each `\n` starts a line, a line
  /// breaks at its last space that fits, or anywhere when it has none (a wide character is
  /// never split).
  static func lines(of text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(paragraph)
      repeat {
        guard rest.displayWidth > width else {
          result.append(String(rest))
          break
        }
        var used = 0
        var end = rest.startIndex
        var lastSpace: Substring.Index?
        while end < rest.endIndex, used + rest[end].displayWidth <= width {
          if rest[end] == " " { lastSpace = end }
          used += rest[end].displayWidth
          end = rest.index(after: end)
        }
        if end < rest.endIndex, rest[end] == " " { lastSpace = end }
        let cut =
          lastSpace.flatMap { $0 > rest.startIndex ? $0 : nil }
          ?? (end > rest.startIndex ? end : rest.index(after: rest.startIndex))
        result.append(String(rest[..<cut]))
        rest = rest[cut...].drop { $0 == " " }
      } while !rest.isEmpty
    }
    return result
  }
}
