import ArgumentParser
import Foundation
import Logging

/// What an idle page costs the server, measured from outside the client: `live` opens the
/// pages from a child process (this program's hidden `idle-pages` command), so only the
/// server's side of each connection counts in the resident memory of the process that serves
/// them.
enum IdlePages {
  /// The serving process's resident bytes gained per page, once `count` pages opened from a
  /// child process have received their snapshots; `nil` where the memory cannot be read.
  static func residentPerPage(port: Int, pages count: Int, logger: Logger) async throws
    -> Double?
  {
    // One page first: what the first page starts and keeps for all (the list's shared
    // observations, the renderer's parts) is not a page's cost.
    let first = try await BenchPage.open(port: port, logger: logger, draining: true)
    defer { first.close() }
    _ = try await first.next()
    guard let before = ResidentMemory.bytes else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["idle-pages", "--port", "\(port)", "--pages", "\(count)"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      // The child closes its pages and exits when its input ends.
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    let said = await firstLine(of: output.fileHandleForReading)
    guard said == "ready \(count)" else {
      throw BenchError("the idle pages' process said \(said.debugDescription)")
    }
    guard let after = ResidentMemory.bytes else { return nil }
    return Double(after - before) / Double(count)
  }

  /// The first line `handle` gives, read on a thread of its own (the read blocks).
  private static func firstLine(of handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var bytes: [UInt8] = []
        while true {
          let data = handle.readData(ofLength: 1)
          guard let byte = data.first, byte != UInt8(ascii: "\n") else { break }
          bytes.append(byte)
        }
        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
      }
    }
  }
}

/// `todo-bench idle-pages`: opens live pages on a server, says `ready N` once each has its
/// snapshot, and keeps them open until its input ends. Run by `live`, not by hand.
struct IdlePagesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "idle-pages",
    abstract: "Opens idle live pages for `live` to measure from outside (not run by hand).",
    shouldDisplay: false)

  @Option(help: "The server's port on 127.0.0.1.")
  var port: Int

  @Option(help: "How many pages to open.")
  var pages: Int

  func validate() throws {
    guard (1...65_535).contains(port), (1...20_000).contains(pages) else {
      throw ValidationError("--port must be 1...65535, --pages 1...20000")
    }
  }

  func run() async throws {
    let logger = BenchLogging.errorsOnly(label: "todo-bench.idle-pages")
    let opened = try await FanOut.open(pages, port: port, logger: logger, draining: true)
    // Written at once, not kept in a buffer: the measuring process waits for it.
    FileHandle.standardOutput.write(Data("ready \(opened.count)\n".utf8))
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        while readLine() != nil {}
        ended.resume()
      }
    }
    for page in opened { page.close() }
  }
}
