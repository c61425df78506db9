import Foundation

/// A `todo serve` subprocess on a loopback port of its choosing and its own temporary
/// database.
final class TestServer {
  let process = Process()
  let port: Int
  /// The host name or address it said it serves on.
  let host: String
  let url: String
  let log: URL

  /// Starts `todo serve --port 0 --db <database>` (and `arguments`) and waits for the line it
  /// prints once it listens with its database ready, which names the port: no polling.
  init(database: URL, directory: URL, arguments: [String] = []) throws {
    log = directory.appendingPathComponent("server.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--port", "0", "--db", database.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TODO_DB"] = nil
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    // Read until the first line ends or the process closes its output (it exited).
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    let address = line.hasPrefix("todo: serving http://") ? line.dropFirst(21) : ""
    let parts = address.prefix { $0 != " " }.split(separator: ":")
    guard parts.count == 2, let port = Int(parts[1].prefix { $0.isNumber }) else {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      throw ServerError.exited(
        text + String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
    }
    self.port = port
    host = String(parts[0])
    url = "http://\(host):\(port)"
  }

  /// Sends SIGTERM and waits for the process to end; returns how it ended.
  func stop() -> (reason: Process.TerminationReason, status: Int32) {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return (process.terminationReason, process.terminationStatus)
  }

  enum ServerError: Error {
    case exited(String)
  }
}
