import Foundation

/// A `todo serve` subprocess on a loopback port of its choosing and its own temporary
/// database.
final class TestServer {
  let process = Process()
  let port: Int
  let url: String
  let log: URL

  /// Starts `todo serve --port 0 --db <database>` and waits for the line it prints once it
  /// listens with its database ready, which names the port: no polling.
  init(database: URL, directory: URL) throws {
    log = directory.appendingPathComponent("server.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--port", "0", "--db", database.path]
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
    guard line.hasPrefix("todo: serving http://127.0.0.1:"),
      let port = line.split(separator: ":").last.flatMap({ Int($0.prefix { $0.isNumber }) })
    else {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      throw ServerError.exited(
        text + String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
    }
    self.port = port
    url = "http://127.0.0.1:\(port)"
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
