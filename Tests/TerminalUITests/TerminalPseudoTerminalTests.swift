import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``Terminal`` on a pseudo-terminal: the test holds the master side, as a terminal emulator
/// does, and the terminal under test the slave side.
@Suite("Terminal on a pseudo-terminal", .serialized)
struct TerminalPseudoTerminalTests {
  /// Opens a pseudo-terminal pair: (master, slave).
  private func openPair() throws -> (Int32, Int32) {
    #if os(Linux)
      // Glibc's module leaves out posix_openpt and friends (they need _XOPEN_SOURCE): open
      // the multiplexer and unlock the slave with the kernel's ioctls (asm-generic values).
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      try #require(master >= 0)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      try #require(ioctl(master, 0x4004_5431, &unlock) == 0)  // TIOCSPTLCK
      try #require(ioctl(master, 0x8004_5430, &number) == 0)  // TIOCGPTN
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    #else
      let master = posix_openpt(O_RDWR | O_NOCTTY)
      try #require(master >= 0)
      try #require(grantpt(master) == 0 && unlockpt(master) == 0)
      let slave = open(ptsname(master), O_RDWR | O_NOCTTY)
    #endif
    try #require(slave >= 0)
    return (master, slave)
  }

  /// What the master side can read now.
  private func drain(_ master: Int32) -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { break }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return visible(output)
  }

  @Test("entering sets raw mode and the alternate screen; restoring puts both back")
  func enterAndRestore() throws {
    let (master, slave) = try openPair()
    defer {
      close(slave)
      close(master)
    }
    var before = termios()
    tcgetattr(slave, &before)
    let terminal = Terminal(input: slave, output: slave)
    #expect(terminal.isTerminal)
    try terminal.enter()
    var raw = termios()
    tcgetattr(slave, &raw)
    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
    #expect(drain(master) == "⎋[?1049h⎋[?25l⎋[2J")

    terminal.restore()
    var after = termios()
    tcgetattr(slave, &after)
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    #expect(drain(master) == "⎋[0m⎋[r⎋[?25h⎋[?1049l")
  }

  @Test("the size comes from the window size the terminal reports")
  func size() throws {
    let (master, slave) = try openPair()
    defer {
      close(slave)
      close(master)
    }
    var window = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(master, UInt(TIOCSWINSZ), &window) == 0)
    #expect(Terminal(input: slave, output: slave).size == TerminalSize(rows: 33, columns: 101))
  }

  @Test("keys typed on the terminal arrive decoded")
  func keys() async throws {
    let (master, slave) = try openPair()
    defer {
      close(slave)
      close(master)
    }
    let terminal = Terminal(input: slave, output: slave)
    try terminal.enter()
    defer { terminal.restore() }
    _ = drain(master)
    let typed = Array("\u{1B}[A東\r".utf8)
    _ = typed.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    var received: [Key] = []
    for await key in terminal.keys() {
      received.append(key)
      if received.count == 3 { break }
    }
    #expect(received == [.up, .character("東"), .enter])
  }
}
