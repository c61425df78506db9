#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The saved terminal settings and the handlers that put them back, in process-wide storage
/// that a signal handler can reach (a C function pointer captures nothing).
///
/// The handler only calls `write`, `tcsetattr`, `sigaction` and `raise`, which are
/// async-signal-safe; the bytes it writes are prepared before any signal can arrive.
enum TerminalRestoration {
  nonisolated(unsafe) private static var input: Int32 = -1
  nonisolated(unsafe) private static var output: Int32 = -1
  nonisolated(unsafe) private static var settings = termios()
  nonisolated(unsafe) private static var bytes: UnsafeMutableBufferPointer<UInt8>?
  nonisolated(unsafe) private static var isActive = false
  /// When the saved settings take effect again: `TCSAFLUSH` after the full screen (keys typed
  /// for it are dropped), `TCSANOW` after a prompt (the lines typed ahead stay to be read).
  nonisolated(unsafe) private static var restoreAction = TCSAFLUSH
  nonisolated(unsafe) private static var installedAtExit = false

  /// The signals after which the terminal is put back: termination and crashes.
  static let signals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
  ]

  /// Saves what restoring needs and installs the handlers (once per process for `atexit`).
  static func install(
    input: Int32, output: Int32, settings: termios, bytes: [UInt8],
    discardingInput: Bool = true
  ) {
    self.input = input
    restoreAction = discardingInput ? TCSAFLUSH : TCSANOW
    self.output = output
    self.settings = settings
    // Each caller's sequence (the full screen's leave sequence, nothing after a prompt without
    // echo) gets a buffer of its own. A replaced buffer is never freed: a handler of an earlier
    // install may be reading it.
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    self.bytes = buffer
    isActive = true
    if !installedAtExit {
      installedAtExit = true
      atexit { TerminalRestoration.restore() }
    }
    for signal in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { TerminalRestoration.handle($0) }
      #else
        action.__sigaction_u.__sa_handler = { TerminalRestoration.handle($0) }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  /// Writes the leave sequence and the saved settings back, once.
  static func restore() {
    guard isActive else { return }
    if let bytes, let base = bytes.baseAddress, bytes.count > 0 {
      _ = write(output, base, bytes.count)
    }
    _ = tcsetattr(input, restoreAction, &settings)
    discard()
  }

  /// Forgets the saved settings (nothing to restore) and gives the signals their default
  /// actions back.
  static func discard() {
    isActive = false
    for signal in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_DFL
      #else
        action.__sigaction_u.__sa_handler = SIG_DFL
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// The signal handler: restores the terminal, then raises the signal again with its
  /// default action (terminate, or crash with a core dump).
  private static func handle(_ signal: Int32) {
    restore()
    raise(signal)
  }
}
