import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal in full-screen mode: raw input, the alternate screen, a hidden
/// cursor, and everything put back when the program ends.
///
/// ```swift
/// let terminal = Terminal()
/// try terminal.enter()
/// defer { terminal.restore() }
/// terminal.onResize { size in terminal.write(renderer.resize(to: size)) }
/// for await key in terminal.keys() {
///   if key == .control("c") { break }
/// }
/// ```
///
/// ``enter()`` saves the terminal's settings (`tcgetattr`) and turns off echo, line editing
/// and signal keys (`cfmakeraw`, output processing kept), then switches to the alternate
/// screen (`ESC[?1049h`) and hides the cursor. ``restore()`` undoes it all. It also runs on
/// a normal `exit` (`atexit`), on `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT`, and on a
/// crash (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGFPE`): a `sigaction`
/// handler writes the saved settings back with async-signal-safe calls only, then lets the
/// signal do what it would have done.
public final class Terminal: @unchecked Sendable {
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor the screen is written to.
  public let output: Int32
  private let queue = DispatchQueue(label: "TerminalUI.Terminal")
  private var resizeSource: (any DispatchSourceSignal)?
  private var isEntered = false

  /// Creates a terminal on standard input and output (or other descriptors).
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Whether both descriptors are terminals.
  public var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

  /// The terminal's size (`ioctl(TIOCGWINSZ)`), or 24 by 80 when it cannot tell.
  public var size: TerminalSize {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0
    else { return TerminalSize(rows: 24, columns: 80) }
    return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
  }

  // MARK: - Entering and leaving

  /// Switches to raw mode and the alternate screen, and arranges for ``restore()`` on exit,
  /// on termination signals and on a crash.
  ///
  /// - Throws: ``TerminalError`` when the input is not a terminal or its settings cannot be
  ///   read or changed.
  public func enter() throws(TerminalError) {
    guard !isEntered else { return }
    var original = termios()
    guard tcgetattr(input, &original) == 0 else { throw .notATerminal(errno: errno) }
    var raw = original
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    TerminalRestoration.install(
      input: input, output: output, settings: original,
      bytes: Array(Self.leaveSequence.utf8))
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      let error = errno
      TerminalRestoration.discard()
      throw .cannotChangeSettings(errno: error)
    }
    isEntered = true
    write(
      Array(
        (ControlSequence.enterAlternateScreen + ControlSequence.hideCursor
          + ControlSequence.clearScreen).utf8))
  }

  /// Puts the terminal back as ``enter()`` found it: the main screen, the cursor, the saved
  /// settings. Calling it again does nothing.
  public func restore() {
    guard isEntered else { return }
    isEntered = false
    resizeSource?.cancel()
    resizeSource = nil
    TerminalRestoration.restore()
  }

  /// What leaving writes: plain style, whole-screen scrolling, the cursor, the main screen.
  static let leaveSequence =
    ControlSequence.resetStyle + ControlSequence.resetScrollingRegion
    + ControlSequence.showCursor + ControlSequence.leaveAlternateScreen

  // MARK: - Output

  /// Writes `bytes` to the terminal, all of them.
  public func write(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(output, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(output, buffer.baseAddress, buffer.count)
        #endif
      }
      if result < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      written += result
    }
  }

  // MARK: - Input and resizing

  /// Calls `handler` with the new size each time the terminal is resized (`SIGWINCH`).
  public func onResize(_ handler: @escaping @Sendable (TerminalSize) -> Void) {
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
    source.setEventHandler { [weak self] in
      guard let self else { return }
      handler(self.size)
    }
    resizeSource?.cancel()
    resizeSource = source
    source.resume()
  }

  /// The keys pressed, until the input ends or the stream's consumer stops.
  public func keys() -> AsyncStream<Key> {
    let input = self.input
    return AsyncStream { continuation in
      // Cancelling a dispatch source is thread-safe; the source itself is not marked Sendable.
      nonisolated(unsafe) let source = DispatchSource.makeReadSource(
        fileDescriptor: input, queue: queue)
      var decoder = KeyDecoder()
      source.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        guard count > 0 else {
          if count == 0 || (errno != EINTR && errno != EAGAIN) { source.cancel() }
          return
        }
        for key in decoder.decode(Array(buffer[..<count])) { continuation.yield(key) }
      }
      source.setCancelHandler { continuation.finish() }
      continuation.onTermination = { _ in source.cancel() }
      source.resume()
    }
  }
}

/// Why the terminal could not enter full-screen mode.
public enum TerminalError: Error, Equatable, Sendable {
  /// The input is not a terminal (`tcgetattr` failed with `errno`).
  case notATerminal(errno: Int32)
  /// `tcsetattr` failed with `errno`.
  case cannotChangeSettings(errno: Int32)
}
