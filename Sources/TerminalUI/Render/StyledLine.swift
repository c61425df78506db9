/// One line of the screen as runs of styled text, cut to a width by display width and
/// written with or without SGR sequences.
struct StyledLine: Equatable {
  /// The runs, left to right.
  private(set) var spans: [(text: String, style: TextStyle)] = []

  /// The columns the runs take.
  var width: Int { spans.reduce(0) { $0 + $1.text.displayWidth } }

  static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
    lhs.spans.elementsEqual(rhs.spans) { $0.text == $1.text && $0.style == $1.style }
  }

  /// Appends a run (nothing for empty text; a run of the last run's style joins it).
  mutating func append(_ text: String, _ style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text += text
    } else {
      spans.append((text, style))
    }
  }

  /// The line cut to at most `width` columns; a wide character that would cross the edge is
  /// left out whole.
  ///
  /// - Complexity: O(n) for the n characters of the line.
  func cut(toWidth width: Int) -> StyledLine {
    var result = StyledLine()
    var used = 0
    for span in spans {
      var kept = ""
      for character in span.text {
        let next = character.displayWidth
        if used + next > width { return result.appending(kept, span.style) }
        kept.append(character)
        used += next
      }
      result.append(kept, span.style)
    }
    return result
  }

  private func appending(_ text: String, _ style: TextStyle) -> StyledLine {
    var copy = self
    copy.append(text, style)
    return copy
  }

  /// The bytes that draw the line: each styled run between its SGR sequence and a reset when
  /// `usesColor`, the bare text otherwise.
  func encoded(usesColor: Bool) -> String {
    var output = ""
    for span in spans {
      if usesColor, span.style != .plain {
        output += span.style.sgr + span.text + ControlSequence.resetStyle
      } else {
        output += span.text
      }
    }
    return output
  }
}
