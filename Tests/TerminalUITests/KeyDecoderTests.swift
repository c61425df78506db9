import Testing

@testable import TerminalUI

@Suite("Key decoder")
struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8))
  }

  @Test("arrows and editing keys in both the CSI and SS3 forms")
  func sequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OH\u{1B}[F") == [.up, .home, .end])
    #expect(
      keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[Z") == [
        .delete, .pageUp, .pageDown, .home, .backTab,
      ])
    #expect(keys("\u{1B}[1;5A") == [.up])
  }

  @Test("Enter, Escape, Backspace, Tab and Control keys")
  func controlKeys() {
    #expect(
      keys("\r\n\u{1B}\u{7F}\u{8}\t") == [.enter, .enter, .escape, .backspace, .backspace, .tab])
    #expect(keys("\u{3}\u{11}\u{15}") == [.control("c"), .control("q"), .control("u")])
    #expect(keys("\u{1B}x") == [.escape, .character("x")])
  }

  @Test("UTF-8 text, also when a read ends inside a character or a sequence")
  func text() {
    #expect(keys("a東京🍐") == [.character("a"), .character("東"), .character("京"), .character("🍐")])
    var decoder = KeyDecoder()
    let bytes = Array("東\u{1B}[A".utf8)
    #expect(decoder.decode(Array(bytes[..<2])) == [])
    #expect(decoder.decode(Array(bytes[2..<5])) == [.character("東")])
    #expect(decoder.decode(Array(bytes[5...])) == [.up])
  }
}
