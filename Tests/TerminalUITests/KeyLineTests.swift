import Diffable
import Testing

@testable import TerminalUI

@Suite("Key line: the keys at the bottom")
struct KeyLineTests {
  @Test("keys bold, labels and the message on a reversed bar; the message is cut first")
  func line() {
    let keys = KeyLine([KeyHint("↑↓", "move"), KeyHint("q", "quit")], message: "Offline")
    #expect(
      keys.line(width: 30).encoded(usesColor: true)
        == "\u{1B}[1;7m↑↓\u{1B}[0m\u{1B}[7m move  \u{1B}[0m\u{1B}[1;7mq\u{1B}[0m"
        + "\u{1B}[7m quit        Offline\u{1B}[0m")
    #expect(keys.line(width: 20).encoded(usesColor: false) == "↑↓ move  q quit  Of…")
    #expect(keys.line(width: 8).encoded(usesColor: false) == "↑↓ move ")
  }

  @Test("the key line replaces the status line and is rewritten only when it changes")
  func inRenderer() throws {
    let size = TerminalSize(rows: 3, columns: 16)
    var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
    _ = renderer.draw(try listContent([("s", nil, ["a"])]), status: "status")
    let keys = KeyLine([KeyHint("q", "quit")])
    #expect(visible(renderer.setKeyLine(keys)) == "⎋[3;1H⎋[2Kq quit          ")
    #expect(renderer.setKeyLine(keys).isEmpty)
    #expect(renderer.setStatus("other").isEmpty)
    #expect(visible(renderer.setKeyLine(nil)) == "⎋[3;1H⎋[2Kother           ")
  }
}
