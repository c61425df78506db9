import Foundation
import HummingbirdWSClient
import Logging
import Synchronization

/// Headless Chromium driven through the DevTools protocol: one browser process with its own
/// profile in a temporary directory, and a session on its page.
///
/// ```swift
/// let browser = try await DevTools.launch(logger: logger)
/// defer { browser.close() }
/// try await browser.navigate(to: "http://127.0.0.1:8080/")
/// let title = try await browser.evaluate("document.title")
/// ```
final class DevTools: Sendable {
  private let process: Mutex<Process>
  private let profile: URL
  private let session: Session
  /// The page's session on the browser's connection.
  private let page: String

  private init(
    process: consuming sending Process, profile: URL, session: Session, page: String
  ) {
    self.process = Mutex(process)
    self.profile = profile
    self.session = session
    self.page = page
  }

  /// The Chromium executable, if one is installed.
  static var executable: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// Starts a headless browser of `width` by `height` and opens a session on its page.
  static func launch(width: Int = 1200, height: Int = 900, logger: Logger) async throws -> DevTools
  {
    guard let executable else {
      throw BenchError("Chromium is not installed (apt install chromium)")
    }
    let profile = try BenchData.temporaryDirectory("chromium")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--disable-extensions", "--remote-debugging-port=0",
      "--remote-allow-origins=*", "--user-data-dir=\(profile.path)",
      "--window-size=\(width),\(height)", "about:blank",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    do {
      let browserURL = try await Self.devToolsAddress(errors.fileHandleForReading)
      let session = try await Session.open(browserURL.absoluteString, logger: logger)
      // The page's commands go to its own session on the browser's connection.
      let targets = try await session.send("Target.getTargets", [:], page: nil)
      guard
        let page = (targets["targetInfos"] as? [[String: Any]])?.first(where: {
          $0["type"] as? String == "page"
        }),
        let target = page["targetId"] as? String
      else { throw BenchError("Chromium has no page to drive") }
      let attached = try await session.send(
        "Target.attachToTarget", ["targetId": target, "flatten": true], page: nil)
      guard let pageSession = attached["sessionId"] as? String else {
        throw BenchError("Chromium did not attach to its page")
      }
      return DevTools(process: process, profile: profile, session: session, page: pageSession)
    } catch {
      process.terminate()
      try? FileManager.default.removeItem(at: profile)
      throw error
    }
  }

  /// The browser's DevTools address, read from its first lines of standard error.
  private static func devToolsAddress(_ errors: FileHandle) async throws -> URL {
    try await Task.detached {
      var text = ""
      while true {
        let data = errors.availableData
        guard !data.isEmpty else { throw BenchError("Chromium exited before it listened") }
        text += String(decoding: data, as: UTF8.self)
        if let range = text.range(of: "DevTools listening on "),
          let end = text[range.upperBound...].firstIndex(of: "\n"),
          let url = URL(string: String(text[range.upperBound..<end]))
        {
          // The rest of standard error is read and dropped, so the browser never blocks on it.
          Thread.detachNewThread { while !errors.availableData.isEmpty {} }
          return url
        }
      }
    }.value
  }

  /// Sends a command to the page and returns its `result`.
  @discardableResult
  func send(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
    try await session.send(method, parameters, page: page)
  }

  /// Opens `url` and returns once the new document is committed.
  func navigate(to url: String) async throws {
    let result = try await send("Page.navigate", ["url": url])
    if let failure = result["errorText"] as? String { throw BenchError("\(url): \(failure)") }
  }

  /// The value of `expression` in the page, awaited if it is a promise. An expression that
  /// throws is a ``BenchError`` with its message.
  func evaluate(_ expression: String) async throws -> Any? {
    let result = try await send(
      "Runtime.evaluate",
      ["expression": expression, "awaitPromise": true, "returnByValue": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      let description =
        (exception["exception"] as? [String: Any])?["description"] as? String
        ?? exception["text"] as? String ?? "\(exception)"
      throw BenchError("in the page: \(description)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// The bytes the page's JavaScript heap uses, after a collection.
  func heapUsed() async throws -> Double {
    try await send("HeapProfiler.collectGarbage")
    let usage = try await send("Runtime.getHeapUsage")
    return usage["usedSize"] as? Double ?? .nan
  }

  /// Ends the browser and removes its profile.
  func close() {
    session.close()
    process.withLock { process in
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: profile)
  }

  /// One DevTools WebSocket: commands numbered, each answer handed to its sender.
  private final class Session: Sendable {
    private let writer: WebSocketOutboundWriter
    private let task: Task<Void, Never>
    private let state: Shared

    private struct State {
      var next = 0
      var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
      var closed = false
    }

    /// The commands waiting for their answers, shared with the task that reads them.
    private final class Shared: Sendable {
      let mutex = Mutex(State())
      func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    private init(writer: WebSocketOutboundWriter, task: Task<Void, Never>, state: Shared) {
      self.writer = writer
      self.task = task
      self.state = state
    }

    static func open(_ address: String, logger: Logger) async throws -> Session {
      let state = Shared()
      let (ready, readyContinuation) = AsyncStream<WebSocketOutboundWriter>.makeStream()
      let task = Task {
        do {
          try await WebSocketClient.connect(
            url: address,
            configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 28), logger: logger
          ) { inbound, outbound, _ in
            readyContinuation.yield(outbound)
            readyContinuation.finish()
            for try await message in inbound.messages(maxSize: 1 << 28) {
              guard case .text(let text) = message else { continue }
              let data = Data(text.utf8)
              guard
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let id = object["id"] as? Int
              else { continue }
              let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
              waiter?.resume(returning: data)
            }
          }
        } catch is CancellationError {
        } catch {
          logger.error("DevTools session failed: \(error)")
        }
        readyContinuation.finish()
        let waiters = state.withLock { state in
          state.closed = true
          defer { state.waiting = [:] }
          return Array(state.waiting.values)
        }
        for waiter in waiters { waiter.resume(throwing: BenchError("the browser went away")) }
      }
      var iterator = ready.makeAsyncIterator()
      guard let writer = await iterator.next() else {
        throw BenchError("could not connect to Chromium's DevTools")
      }
      return Session(writer: writer, task: task, state: state)
    }

    /// Sends a command, to the page's session if `page` names one, and returns its result.
    func send(_ method: String, _ parameters: [String: Any], page: String?) async throws
      -> [String: Any]
    {
      let id = state.withLock { state in
        state.next += 1
        return state.next
      }
      var command: [String: Any] = ["id": id, "method": method, "params": parameters]
      if let page { command["sessionId"] = page }
      let message = try JSONSerialization.data(withJSONObject: command)
      let data = try await withCheckedThrowingContinuation { continuation in
        let closed = state.withLock { state in
          if !state.closed { state.waiting[id] = continuation }
          return state.closed
        }
        if closed {
          continuation.resume(throwing: BenchError("the browser went away"))
          return
        }
        let writer = self.writer
        Task {
          do {
            try await writer.write(.text(String(decoding: message, as: UTF8.self)))
          } catch {
            let waiter = self.state.withLock { $0.waiting.removeValue(forKey: id) }
            waiter?.resume(throwing: error)
          }
        }
      }
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      if let error = object["error"] as? [String: Any] {
        throw BenchError("\(method): \(error["message"] as? String ?? "\(error)")")
      }
      return object["result"] as? [String: Any] ?? [:]
    }

    func close() {
      task.cancel()
    }
  }
}
