import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `todo serve` subprocess on a free loopback port and its own temporary database.
final class TestServer {
  let process = Process()
  let port: Int
  let url: String
  let log: URL

  /// Starts `todo serve --port <free> --db <database>` and waits until `/healthz` answers 200.
  init(database: URL, directory: URL) throws {
    port = try Self.freePort()
    url = "http://127.0.0.1:\(port)"
    log = directory.appendingPathComponent("server.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--port", "\(port)", "--db", database.path]
    var environment = ProcessInfo.processInfo.environment
    environment["TODO_DB"] = nil
    process.environment = environment
    let output = try FileHandle(forWritingTo: log)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    try waitUntilHealthy()
  }

  /// Polls `/healthz` for up to 30 seconds.
  private func waitUntilHealthy() throws {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      guard process.isRunning else {
        throw ServerError.exited(
          String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
      }
      if Self.status(of: url + "/healthz") == 200 { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw ServerError.notHealthy
  }

  /// Sends SIGTERM and waits for the process to end; returns how it ended.
  func stop() -> (reason: Process.TerminationReason, status: Int32) {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return (process.terminationReason, process.terminationStatus)
  }

  enum ServerError: Error {
    case exited(String)
    case notHealthy
  }

  /// The HTTP status of a GET, or nil if there is no answer.
  static func status(of url: String) -> Int? {
    let done = DispatchSemaphore(value: 0)
    let box = StatusBox()
    var request = URLRequest(url: URL(string: url)!)
    request.timeoutInterval = 2
    URLSession.shared.dataTask(with: request) { _, response, _ in
      box.set((response as? HTTPURLResponse)?.statusCode)
      done.signal()
    }.resume()
    done.wait()
    return box.value
  }

  /// A port that was free a moment ago (bound to port 0 and released).
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError.notHealthy }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else { throw ServerError.notHealthy }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A status code handed from URLSession's callback to the waiting thread.
final class StatusBox: @unchecked Sendable {
  // Safe: guarded by `lock`.
  private let lock = NSLock()
  private var stored: Int?

  func set(_ value: Int?) {
    lock.lock()
    stored = value
    lock.unlock()
  }

  var value: Int? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
