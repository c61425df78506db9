import Foundation
import Testing

/// The built `todo` executable, run as a subprocess on a temporary database.
///
/// Each instance has its own temporary directory: `TODO_DB` points into it, `HOME` and
/// `XDG_STATE_HOME` too (so server numbers files stay inside), `NO_COLOR=1`, and `TODO_SERVER`
/// is removed from the environment unless a test sets it.
struct CLI {
  /// The result of one run.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The lines of stdout.
    var lines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
        !$0.isEmpty
      }
    }
  }

  /// The temporary directory of this instance.
  let directory: URL
  /// Extra environment variables.
  var environment: [String: String] = [:]
  /// Whether `NO_COLOR` is left unset (it is set to 1 otherwise).
  var allowsColor = false

  /// The database file.
  var database: URL { directory.appendingPathComponent("todo.sqlite") }

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Removes the temporary directory.
  func cleanUp() {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The `todo` executable next to the test bundle (SwiftPM builds every product into the
  /// same directory).
  static let executable: URL = {
    var candidates: [URL] = []
    if let url = Bundle.main.executableURL { candidates.append(url.deletingLastPathComponent()) }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    for bundle in Bundle.allBundles {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in candidates {
      var probe = directory
      for _ in 0..<4 {
        let todo = probe.appendingPathComponent("todo")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: todo.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: todo.path)
        {
          return todo
        }
        probe = probe.deletingLastPathComponent()
      }
    }
    return URL(fileURLWithPath: ".build/debug/todo")
  }()

  /// The environment of a run.
  func processEnvironment() -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["TODO_SERVER"] = nil
    env["TODO_DB"] = database.path
    env["HOME"] = directory.path
    env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
    env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    env["NO_COLOR"] = allowsColor ? nil : "1"
    env["COLUMNS"] = "100"
    for (key, value) in environment { env[key] = value }
    return env
  }

  /// Runs `todo` with `arguments`, stdin from `input` (a pipe, so never a terminal).
  @discardableResult
  func run(_ arguments: [String], input: String = "") throws -> Result {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = processEnvironment()
    process.currentDirectoryURL = directory
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errorData = ErrorCollector(stderr.fileHandleForReading)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errorData.wait(), as: UTF8.self))
  }

  /// Runs `todo` and expects success; returns stdout.
  @discardableResult
  func ok(
    _ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> String
  {
    let result = try run(arguments, input: input)
    #expect(
      result.status == 0, "todo \(arguments.joined(separator: " ")): \(result.stderr)",
      sourceLocation: sourceLocation)
    return result.stdout
  }

  /// Runs `todo --json` style commands and decodes stdout as JSON.
  func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any
  {
    let output = try ok(arguments, sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(output.utf8))
  }
}

/// Reads a pipe to its end on another thread, so that a full stderr pipe never blocks the
/// child while the test reads stdout.
final class ErrorCollector: @unchecked Sendable {
  // Safe: `data` is written once by the reading thread before `done` is signalled, and read
  // only after waiting for that signal.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
