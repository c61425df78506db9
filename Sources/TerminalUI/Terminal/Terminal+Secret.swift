#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// Reads one line typed at the terminal without showing it: a password or a token asked at
  /// a prompt.
  ///
  /// Echo is turned off (line editing stays), the line is read from ``input``, and the
  /// terminal's settings are put back afterwards. They are also put back when the process is
  /// interrupted or crashes meanwhile, as after ``enter()``, so a person is never left typing
  /// blind.
  ///
  /// ```swift
  /// FileHandle.standardError.write(Data("Password: ".utf8))
  /// let password = try Terminal().readLineWithoutEcho()
  /// ```
  ///
  /// - Returns: The line without its newline, or `nil` when the input ended first.
  /// - Throws: ``TerminalError`` when the input is not a terminal or its settings cannot be
  ///   changed.
  public func readLineWithoutEcho() throws(TerminalError) -> String? {
    var original = termios()
    guard tcgetattr(input, &original) == 0 else { throw .notATerminal(errno: errno) }
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
    TerminalRestoration.install(
      input: input, output: output, settings: original, bytes: [], discardingInput: false)
    defer { TerminalRestoration.restore() }
    guard tcsetattr(input, TCSANOW, &silent) == 0 else {
      throw .cannotChangeSettings(errno: errno)
    }
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(input, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
  }
}
