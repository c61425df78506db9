import Testing

@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
  @Test(
    "characters take the columns a terminal draws them in",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("牛", 2), ("ア", 2), ("한", 2), ("Ａ", 2),
      ("🍐", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("☺", 1),
      ("\u{200B}", 0), ("\u{7}", 0), ("ｱ", 1), ("—", 1),
    ] as [(Character, Int)])
  func characterWidth(_ character: Character, _ width: Int) {
    #expect(character.displayWidth == width, "\(character.unicodeScalars.map(\.value))")
  }

  @Test("a string's width is the sum of its characters'")
  func stringWidth() {
    #expect("Pears 🍐".displayWidth == 8)
    #expect("牛乳を買う".displayWidth == 10)
    #expect("cafe\u{301} au lait".displayWidth == 12)
    #expect("".displayWidth == 0)
  }

  @Test("the wide ranges are sorted and apart, so the search finds every one")
  func rangesAreSorted() {
    let ranges = Character.wideRanges
    for (lower, upper) in zip(ranges, ranges.dropFirst()) {
      #expect(lower.upperBound < upper.lowerBound)
    }
    for range in ranges {
      #expect(Character.isWide(range.lowerBound) && Character.isWide(range.upperBound))
      #expect(
        !Character.isWide(range.lowerBound - 1)
          || ranges.contains { $0.contains(range.lowerBound - 1) })
    }
  }

  @Test("text is cut to a width with an ellipsis, never through a wide character")
  func truncation() {
    #expect("Write the quarterly report".truncated(toWidth: 12) == "Write the q…")
    #expect("Write the quarterly report".truncated(toWidth: 12).displayWidth == 12)
    #expect("牛乳を買う".truncated(toWidth: 6) == "牛乳…")
    #expect("牛乳を買う".truncated(toWidth: 7) == "牛乳を…")
    #expect("牛乳を買う".truncated(toWidth: 10) == "牛乳を買う", "what fits is not cut")
    #expect("🍐🍐🍐".truncated(toWidth: 4) == "🍐…")
    #expect("abc".truncated(toWidth: 0) == "")
    #expect("cafe\u{301}s".truncated(toWidth: 4) == "caf…")
  }

  @Test("padding counts columns, not characters")
  func padding() {
    #expect("牛乳".padded(toWidth: 6) == "牛乳  ")
    #expect("Pears 🍐".padded(toWidth: 8) == "Pears 🍐")
    #expect("toolong".padded(toWidth: 3) == "toolong")
  }
}
