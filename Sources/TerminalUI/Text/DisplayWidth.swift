/// How many terminal columns text takes, as terminals draw it: a wide East Asian character or
/// an emoji takes two, a combining mark or a zero-width joiner none, most others one.
///
/// Terminals draw one grapheme cluster (a `Character`) at a time; its width is that of its
/// widest scalar, so a base letter with combining accents takes one column, a flag or an
/// emoji joined by zero-width joiners two, and a text symbol followed by the emoji variation
/// selector (U+FE0F) two.
///
/// ```swift
/// "Pears 🍐".displayWidth   // 8
/// "牛乳を買う".displayWidth  // 10
/// "café".displayWidth       // 4, however the é is written
/// ```
///
/// The wide ranges are Unicode's East Asian Width `W` and `F` classes (`EastAsianWidth.txt`,
/// Unicode 15), folded into the blocks they fill, and every scalar with the
/// `Emoji_Presentation` property.
extension Character {
  /// The columns this character takes in a terminal: 0, 1 or 2.
  ///
  /// - Complexity: O(s) for the s scalars of the character.
  public var displayWidth: Int {
    var width = 0
    var sawBase = false
    for scalar in unicodeScalars {
      if scalar == "\u{FE0F}" {
        // The emoji variation selector turns the text symbol before it into an emoji.
        if sawBase { width = 2 }
        continue
      }
      let scalarWidth = Self.width(of: scalar)
      if scalarWidth > 0 { sawBase = true }
      width = max(width, scalarWidth)
    }
    return width
  }

  /// The width of one scalar on its own.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return isWide(value) ? 2 : 1
  }

  /// Whether `value` is in East Asian Width class `W` or `F`.
  static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Width `W` and `F`, sorted (emoji are found by their property instead).
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extended, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}

extension StringProtocol {
  /// The columns this text takes in a terminal (the sum of its characters' widths).
  ///
  /// - Complexity: O(n) for the n scalars of the text.
  public var displayWidth: Int {
    var width = 0
    for character in self { width += character.displayWidth }
    return width
  }

  /// The text cut to at most `width` columns, ending in `ellipsis` when something was cut.
  /// Nothing is cut from text that fits; a wide character is never split.
  ///
  /// ```swift
  /// "Write the quarterly report".truncated(toWidth: 12)  // "Write the q…"
  /// "牛乳を買う".truncated(toWidth: 6)                     // "牛乳…"
  /// ```
  ///
  /// - Complexity: O(n) for the n scalars of the text.
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    guard displayWidth > width else { return String(self) }
    let room = width - ellipsis.displayWidth
    guard room >= 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let next = character.displayWidth
      if used + next > room { break }
      result.append(character)
      used += next
    }
    return result + ellipsis
  }

  /// The text followed by spaces up to `width` columns (unchanged when it is as wide).
  public func padded(toWidth width: Int) -> String {
    String(self) + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}
