/// How the controls draw editable text in a fixed number of columns.
enum TextLine {
  /// `text` in at most `room` columns, in `style`, with the character at `cursor` (a space
  /// after the end) reversed when `cursor` is not `nil`. Text wider than the room is scrolled
  /// so that the cursor stays in view; a field without a cursor shows its start, cut with an
  /// ellipsis.
  ///
  /// - Complexity: O(n) for the n characters of the text.
  static func withCursor(_ text: String, cursor: Int?, room: Int, style: TextStyle)
    -> StyledLine
  {
    var line = StyledLine()
    guard room > 0 else { return line }
    guard let cursor else {
      line.append(text.truncated(toWidth: room), style)
      return line
    }
    var characters = Array(text)
    var cursorIndex = cursor
    // Drop characters from the start until the cursor's cell fits.
    func widthThroughCursor() -> Int {
      characters[..<cursorIndex].reduce(0) { $0 + $1.displayWidth }
        + (cursorIndex < characters.count ? characters[cursorIndex].displayWidth : 1)
    }
    while cursorIndex > 0, widthThroughCursor() > room {
      characters.removeFirst()
      cursorIndex -= 1
    }
    let cursorStyle = style.merged(with: TextStyle(isReversed: true))
    line.append(String(characters[..<cursorIndex]), style)
    if cursorIndex < characters.count {
      line.append(String(characters[cursorIndex]), cursorStyle)
      line.append(String(characters[(cursorIndex + 1)...]), style)
    } else {
      line.append(" ", cursorStyle)
    }
    return line.cut(toWidth: room)
  }
}
