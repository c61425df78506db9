extension Substring {
  /// The text with its escapes resolved: each `escape` and the character after it become what
  /// `meaning` returns for that character.
  ///
  /// TEXT values escape with a backslash (`\n`, `\,`, RFC 5545) and parameter values with a
  /// caret (`^n`, `^'`, RFC 6868). Reading is lenient: an escape `meaning` does not know (it
  /// returns `nil`) is kept as written, and so is an `escape` at the very end.
  ///
  /// - Parameters:
  ///   - escape: The escape character, ASCII.
  ///   - meaning: The text a character stands for after `escape`, or `nil`.
  /// - Complexity: O(n).
  func resolvingEscapes(
    _ escape: Unicode.Scalar, _ meaning: (Unicode.Scalar) -> String?
  ) -> String {
    guard utf8.contains(UInt8(ascii: escape)) else { return String(self) }
    var text = ""
    var scalars = unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == escape else {
        text.unicodeScalars.append(scalar)
        continue
      }
      let next = scalars.next()
      if let next, let resolved = meaning(next) {
        text += resolved
      } else {
        text.unicodeScalars.append(escape)
        if let next { text.unicodeScalars.append(next) }
      }
    }
    return text
  }
}
