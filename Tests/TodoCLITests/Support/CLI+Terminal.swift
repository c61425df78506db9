import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CLI {
  /// Runs `todo` with stdin on a pseudo-terminal (so the command sees a terminal) and types
  /// `answer` into it.
  func runOnTerminal(_ arguments: [String], answer: String) throws -> Result {
    let pty = try PseudoTerminal.functions()
    let master = pty.open(O_RDWR | O_NOCTTY)
    guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0,
      let name = pty.name(master)
    else {
      throw CocoaError(.fileReadUnknown)
    }
    defer { close(master) }
    let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = processEnvironment()
    process.currentDirectoryURL = directory
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = terminal
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    _ = answer.withCString { write(master, $0, strlen($0)) }
    let errors = ErrorCollector(stderr.fileHandleForReading)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try terminal.close()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errors.wait(), as: UTF8.self))
  }
}

extension CLI {
  /// Runs `todo` with stdout on a pseudo-terminal of `columns` columns and returns what it
  /// printed there.
  func outputOnTerminal(_ arguments: [String], columns: UInt16 = 80) throws -> String {
    let pty = try PseudoTerminal.functions()
    let master = pty.open(O_RDWR | O_NOCTTY)
    guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0,
      let name = pty.name(master)
    else {
      throw CocoaError(.fileReadUnknown)
    }
    defer { close(master) }
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw CocoaError(.fileReadUnknown) }
    let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = processEnvironment()
    process.currentDirectoryURL = directory
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = terminal
    process.standardError = FileHandle.nullDevice
    try process.run()
    try terminal.close()
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}

/// The C library's pseudo-terminal functions, looked up at run time because the Swift overlay
/// of the C library does not export them.
enum PseudoTerminal {
  typealias OpenFunction = @convention(c) (Int32) -> Int32
  typealias FDFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  struct Functions {
    var open: OpenFunction
    var grant: FDFunction
    var unlock: FDFunction
    var name: NameFunction
  }

  static func functions() throws -> Functions {
    func symbol<T>(_ name: String, as type: T.Type) throws -> T {
      guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
        throw CocoaError(.featureUnsupported)
      }
      return unsafeBitCast(pointer, to: type)
    }
    return Functions(
      open: try symbol("posix_openpt", as: OpenFunction.self),
      grant: try symbol("grantpt", as: FDFunction.self),
      unlock: try symbol("unlockpt", as: FDFunction.self),
      name: try symbol("ptsname", as: NameFunction.self))
  }
}
