import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Terminal")
struct TerminalTests {
  @Test("entering fails on an input that is not a terminal, and leaves it alone")
  func notATerminal() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let terminal = Terminal(input: descriptors[0], output: descriptors[1])
    #expect(!terminal.isTerminal)
    #expect(throws: TerminalError.self) { try terminal.enter() }
    #expect(terminal.size == TerminalSize(rows: 24, columns: 80))
    terminal.restore()
  }

  @Test("leaving writes plain style, whole-screen scrolling, the cursor, the main screen")
  func leaveSequence() {
    #expect(
      visible(Array(Terminal.leaveSequence.utf8)) == "⎋[0m⎋[r⎋[?25h⎋[?1049l")
  }
}
