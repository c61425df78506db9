import Foundation
import Logging

/// The fan-out measurement: one page sends a toggle, and each other page's arrival time of
/// the resulting changes message is one sample; the last arrival of a round is the time
/// until every page had it. The sending page may be on another server than the pages.
enum FanOut {
  struct Result: Sendable {
    /// Milliseconds from the event to each page's changes message, every page of every round.
    var perPage: [Double]
    /// Milliseconds from the event to the last page's changes message, one per round.
    var perRound: [Double]
    /// Seconds taken to open the receiving pages (each until its first snapshot).
    var openSeconds: Double
  }

  /// The rounds not measured: they warm the server up.
  static let warmUpRounds = 3

  /// - Parameters:
  ///   - port: The server of the receiving pages.
  ///   - senderPort: The server of the sending page (by default, the same).
  static func measure(
    port: Int, senderPort: Int? = nil, pages count: Int, rounds: Int, logger: Logger
  ) async throws -> Result {
    let sender = try await BenchPage.open(port: senderPort ?? port, logger: logger)
    defer { sender.close() }
    let snapshot = try await sender.next()
    let target = try snapshot.itemIDs()[0]
    var pages: [BenchPage] = []
    defer { for page in pages { page.close() } }
    let openSeconds =
      try await Measure.elapsedMilliseconds {
        pages = try await open(count, port: port, logger: logger)
      } / 1_000
    var result = Result(
      perPage: [], perRound: [], openSeconds: openSeconds)
    for round in 0..<(rounds + warmUpRounds) {
      let start = ContinuousClock.now
      try await sender.send(#"{"v":1,"type":"toggle","id":"\#(target)"}"#)
      _ = try await sender.next()
      var last = start
      for page in pages {
        // Messages wait on each page's stream, stamped when they arrived: reading them one
        // page after another does not delay the stamps.
        let message = try await page.next()
        guard message.isType("changes") else {
          throw BenchError("expected changes, got \(message.text.prefix(200))")
        }
        last = max(last, message.at)
        if round >= warmUpRounds { result.perPage.append((message.at - start).milliseconds) }
      }
      if round >= warmUpRounds { result.perRound.append((last - start).milliseconds) }
    }
    return result
  }

  /// Opens `count` pages, a few at a time, each until it received its first snapshot.
  static func open(_ count: Int, port: Int, logger: Logger, draining: Bool = false)
    async throws -> [BenchPage]
  {
    var pages: [BenchPage] = []
    pages.reserveCapacity(count)
    let batch = 16
    var opened = 0
    while opened < count {
      let size = min(batch, count - opened)
      let more = try await withThrowingTaskGroup(of: (Int, PageBox).self) { group in
        for index in 0..<size {
          group.addTask {
            let page = try await BenchPage.open(port: port, logger: logger, draining: draining)
            let snapshot = try await page.next()
            guard snapshot.isType("snapshot") else {
              page.close()
              throw BenchError("expected a snapshot, got \(snapshot.text.prefix(200))")
            }
            return (index, PageBox(page))
          }
        }
        var boxes: [(Int, PageBox)] = []
        for try await box in group { boxes.append(box) }
        return boxes.sorted { $0.0 < $1.0 }.map { $0.1.page }
      }
      pages += more
      opened += size
    }
    return pages
  }

  /// Hands a page from the task that opened it to the one that uses it.
  struct PageBox: @unchecked Sendable {
    let page: BenchPage
    init(_ page: BenchPage) { self.page = page }
  }
}
