import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `todo serve` as a user runs it: the built binary on a temporary database, stopped by
/// SIGTERM.
@Suite("todo serve")
struct ServeCommandTests {
  /// The built `todo` executable, next to the test bundle.
  static func executable() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("todo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "todo executable"])
  }

  @Test("serves on the port it prints, creates the database, and stops cleanly on SIGTERM")
  func serveAndStop() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-serve-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("nested/todo.sqlite")

    let process = Process()
    process.executableURL = try Self.executable()
    // The test client connects before it sends; with the whole suite on two cores, this
    // task has waited longer than the default 75 s idle timeout in between, and the server
    // rightly closed the connection. The test is not about idle connections.
    process.arguments = [
      "serve", "--port", "0", "--db", database.path, "--idle-timeout", "900",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The first line names the address.
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let line = try #require(text.split(separator: "\n").first.map(String.init))
    let port = try #require(
      line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
    #expect(line.hasPrefix("todo: serving http://127.0.0.1:"))

    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
      // The line comes once the database is ready: the server answers at once.
      // It answers only for its own names: the Host carries the port.
      let authority = "127.0.0.1:\(port)"
      let status = try await client.execute(.init("/healthz", method: .get, authority: authority))
        .status
      #expect(status == .ok)
      let lists = try await client.execute(
        .init("/api/v1/lists", method: .get, authority: authority))
      #expect(String(buffer: lists.body ?? ByteBuffer()).contains("Inbox"))
    }
    #expect(FileManager.default.fileExists(atPath: database.path))

    process.terminate()  // SIGTERM
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(process.terminationReason == .exit)
  }

  @Test("refuses an out-of-range port with a usage error")
  func badPort() throws {
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = ["serve", "--port", "70000", "--db", "/nonexistent/x.sqlite"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
  }
}
