extension StyledLine {
  /// This line with `piece` drawn over it from `column` on: the line's text to the left of
  /// the piece (padded with spaces to reach it), the piece, and the line's text to its right.
  /// A wide character of the line that the piece's edges would split becomes a space.
  ///
  /// - Complexity: O(n) for the n characters of the two lines.
  func overlaid(with piece: StyledLine, atColumn column: Int) -> StyledLine {
    var result = cut(toWidth: column)
    result.append(String(repeating: " ", count: max(0, column - result.width)))
    result.append(piece)
    let end = column + piece.width
    var used = 0
    for span in spans {
      var kept = ""
      for character in span.text {
        let next = character.displayWidth
        defer { used += next }
        if used >= end {
          kept.append(character)
        } else if used + next > end {
          // The piece covers this character's first column only.
          kept += String(repeating: " ", count: used + next - end)
        }
      }
      result.append(kept, span.style)
    }
    return result
  }

  /// The line with `style`'s attributes added to every run.
  func styled(_ style: TextStyle) -> StyledLine {
    var result = StyledLine()
    for span in spans { result.append(span.text, span.style.merged(with: style)) }
    return result
  }
}

extension StyledLine {
  /// Appends the runs of `other`.
  mutating func append(_ other: StyledLine) {
    for span in other.spans { append(span.text, span.style) }
  }

  /// A line of one run.
  init(_ text: String, _ style: TextStyle = .plain) {
    self.init()
    append(text, style)
  }
}
