/// Folding and unfolding of content lines, as RFC 5545 section 3.1 describes.
///
/// A written line longer than 75 octets is broken into physical lines by inserting CRLF and
/// a space; the space counts toward the next line's 75 octets. A break is never placed inside
/// a UTF-8 sequence, nor inside a grapheme cluster (an emoji with modifiers stays on one line)
/// unless the cluster alone is longer than a line.
///
/// Unfolding removes every line break that is followed by a space or a tab, together with
/// that one whitespace character. It accepts CRLF and bare LF line ends, skips blank lines
/// and accepts a missing final line end.
///
/// ```swift
/// LineFolding.fold(String(repeating: "a", count: 80))
/// // 75 × "a", "\r\n", " ", 5 × "a", "\r\n"
/// ```
public enum LineFolding {
  /// The longest physical line written, in octets, not counting its CRLF.
  public static let maximumLineLength = 75

  /// Folds one logical line for writing.
  ///
  /// - Parameter line: An unfolded content line, without a line end.
  /// - Returns: The physical lines, each ending in `"\r\n"`; continuation lines start with a
  ///   space.
  public static func fold(_ line: String) -> String {
    let limit = maximumLineLength
    if line.utf8.count <= limit { return line + "\r\n" }
    if line.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(line) }
    var output: [UInt8] = []
    output.reserveCapacity(line.utf8.count + line.utf8.count / 24 + 2)
    var used = 0
    func breakLine() {
      output.append(contentsOf: [13, 10, 32])
      used = 1
    }
    for character in line {
      let width = character.utf8.count
      if used + width <= limit {
        output.append(contentsOf: character.utf8)
        used += width
      } else if width < limit {
        breakLine()
        output.append(contentsOf: character.utf8)
        used += width
      } else {
        // A grapheme cluster longer than a whole line: break between its scalars.
        for scalar in character.unicodeScalars {
          let scalarWidth = UTF8.width(scalar)
          if used + scalarWidth > limit { breakLine() }
          output.append(contentsOf: UTF8.encode(scalar)!)
          used += scalarWidth
        }
      }
    }
    output.append(contentsOf: [13, 10])
    return String(decoding: output, as: UTF8.self)
  }

  /// Folds a line of ASCII text, where every octet is a character.
  private static func foldASCII(_ line: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(line.utf8.count + line.utf8.count / 24 + 2)
    var used = 0
    for byte in line.utf8 {
      if used == maximumLineLength {
        output.append(contentsOf: [13, 10, 32])
        used = 1
      }
      output.append(byte)
      used += 1
    }
    output.append(contentsOf: [13, 10])
    return String(decoding: output, as: UTF8.self)
  }

  /// Unfolds iCalendar text into its logical lines.
  ///
  /// - Parameter text: iCalendar text with CRLF or LF line ends.
  /// - Returns: The logical lines without line ends; blank lines are skipped.
  /// - Throws: ``ICalendarError`` when the text starts with a continuation line.
  public static func unfold(_ text: String) throws(ICalendarError) -> [String] {
    try logicalLines(Array(text.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// The logical lines of `bytes`, each with the number of the physical line it starts on.
  static func logicalLines(_ bytes: [UInt8]) throws(ICalendarError) -> [LogicalLine] {
    var lines: [LogicalLine] = []
    var number = 0
    var start = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      start = 3  // A byte order mark.
    }
    while start < bytes.count {
      number += 1
      let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
      var contentEnd = end
      if contentEnd > start && bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
      let physical = bytes[start..<contentEnd]
      start = end + 1
      guard let first = physical.first else { continue }
      if first == 32 || first == 9 {
        guard !lines.isEmpty else {
          throw ICalendarError(line: number, reason: .continuationWithoutLine)
        }
        lines[lines.count - 1].bytes.append(contentsOf: physical.dropFirst())
      } else {
        lines.append(LogicalLine(number: number, bytes: Array(physical)))
      }
    }
    return lines
  }
}

/// An unfolded line of input and the number of the physical line it starts on.
struct LogicalLine {
  /// The 1-based number of the first physical line.
  var number: Int
  /// The unfolded bytes, without a line end.
  var bytes: [UInt8]
}
