import Foundation
import Testing

/// Runs the `persistence-writer` helper (built next to the test bundle) as another process.
final class WriterProcess: @unchecked Sendable {
  // @unchecked Sendable: `output` is only touched under `lock`; `process` is configured before
  // `run()` and afterwards only used through its own thread-safe methods.
  let process = Process()
  private let lock = NSLock()
  private var output = Data()
  private var newlines = 0
  private var outputEnded = false
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private let pipe = Pipe()
  /// Signalled once the reader thread saw the end of the output.
  private let readerEnded = DispatchSemaphore(value: 0)

  static var executable: URL? {
    let name = "persistence-writer"
    var candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ]
    for bundle in Bundle.allBundles {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return candidates.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  init(_ arguments: [String]) throws {
    let executable = try #require(Self.executable, "persistence-writer is not built")
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = pipe
    process.standardError = FileHandle.standardError
    try process.run()
    // One thread reads the output with blocking reads until the end of the file. Foundation's
    // `readabilityHandler` is not used: on Linux its handler can still be running while it is
    // being removed, and a read racing `readDataToEndOfFile()` on the same descriptor has
    // crashed the test process.
    let reader = Thread { [self] in
      let handle = pipe.fileHandleForReading
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        append(data)
      }
      append(Data(), ended: true)
      readerEnded.signal()
    }
    reader.start()
  }

  private func append(_ data: Data, ended: Bool = false) {
    lock.lock()
    output.append(data)
    newlines += data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    if ended { outputEnded = true }
    let ready = waiters.filter { ended || $0.count <= newlines }
    waiters.removeAll { ended || $0.count <= newlines }
    lock.unlock()
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Waits until the process printed `count` complete lines (or its output ended).
  func waitForLines(_ count: Int) async {
    await withCheckedContinuation { continuation in
      lock.lock()
      if newlines >= count || outputEnded {
        lock.unlock()
        continuation.resume()
        return
      }
      waiters.append((count, continuation))
      lock.unlock()
    }
  }

  /// The complete lines printed so far.
  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    let text = String(decoding: output, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // an incomplete last line, or the empty string after the last newline
    return lines
  }

  /// Kills the process with SIGKILL and waits for it, then collects what it printed.
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    finish()
  }

  /// Waits for the process to end and collects everything it printed.
  func finish() {
    process.waitUntilExit()
    readerEnded.wait()
    // Signalled again for a later call: `finish()` may be called more than once.
    readerEnded.signal()
  }
}
