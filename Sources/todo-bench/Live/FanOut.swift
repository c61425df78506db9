import Foundation
import Logging

/// The fan-out measurement: one page sends toggles, every other page's arrival time of the
/// resulting changes message is one sample.
enum FanOut {
  static func measure(port: Int, pages count: Int, rounds: Int, logger: Logger) async throws
    -> [Double]
  {
    let sender = try await BenchPage.open(port: port, logger: logger)
    defer { sender.close() }
    let snapshot = try await sender.next()
    let target = try snapshot.itemIDs()[0]
    var pages: [BenchPage] = []
    defer { for page in pages { page.close() } }
    for _ in 0..<count {
      let page = try await BenchPage.open(port: port, logger: logger)
      _ = try await page.next()
      pages.append(page)
    }
    var samples: [Double] = []
    for round in 0..<(rounds + 3) {
      let start = ContinuousClock.now
      try await sender.send(#"{"v":1,"type":"toggle","id":"\#(target)"}"#)
      _ = try await sender.next()
      for page in pages {
        let message = try await page.next()
        guard message.text.contains(#""type":"changes""#) else {
          throw BenchError("expected changes, got \(message.text.prefix(200))")
        }
        // The first rounds warm the server up and are not measured.
        if round >= 3 { samples.append((message.at - start).milliseconds) }
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return samples
  }
}
