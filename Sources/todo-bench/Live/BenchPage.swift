import Foundation
import HummingbirdWSClient
import Logging
import Synchronization

/// A failure of the live benchmark.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// One message a benchmark page received, stamped when it arrived.
struct ReceivedMessage: Sendable {
  var text: String
  var at: ContinuousClock.Instant
  var bytes: Int { text.utf8.count }

  /// Whether the message is of `type`: its text holds `"type":"<type>"`.
  ///
  /// Read as bytes: Foundation's `contains` (through `NSString`) was a tenth of the CPU of the
  /// 5,000-page fan-out, taken from the server it shares the machine with.
  func isType(_ type: String) -> Bool {
    let needle = Array(#""type":"\#(type)""#.utf8)
    var text = text
    return text.withUTF8 { $0.contains(needle) }
  }

  /// The item identifiers of a snapshot message, in order.
  func itemIDs() throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let sections = object?["sections"] as? [[String: Any]] ?? []
    let items = sections.flatMap { $0["items"] as? [String] ?? [] }
    guard !items.isEmpty else { throw BenchError("the snapshot has no items") }
    return items
  }
}

/// A WebSocket page of the benchmark: its messages arrive on a stream, stamped on arrival;
/// events are sent through its writer. Used by one task at a time.
///
/// A draining page keeps only its first message (the snapshot); it reads every later one off
/// the socket as it arrives, counts it in ``received`` and drops it, so it can stay open for
/// a long run without holding what it was sent.
final class BenchPage {
  /// The messages a page received, and their bytes.
  final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    private let byteCount = Atomic<Int>(0)
    func add(bytes: Int) {
      count.add(1, ordering: .relaxed)
      byteCount.add(bytes, ordering: .relaxed)
    }
    var value: Int { count.load(ordering: .relaxed) }
    var bytes: Int { byteCount.load(ordering: .relaxed) }
  }

  /// The messages this page received (every one, kept or not).
  let received: Counter
  /// Whether the page drops what it receives from now on (``drain()``).
  private let dropping: Dropping

  /// Whether a page drops its messages.
  final class Dropping: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
  }

  private var messages: AsyncStream<ReceivedMessage>.Iterator
  private let writer: WebSocketOutboundWriter
  private let task: Task<Void, Never>

  private init(
    messages: AsyncStream<ReceivedMessage>, writer: WebSocketOutboundWriter,
    task: Task<Void, Never>, received: Counter, dropping: Dropping
  ) {
    self.received = received
    self.dropping = dropping
    self.messages = messages.makeAsyncIterator()
    self.writer = writer
    self.task = task
  }

  /// The rows a page holds at the top of a long list: the web page's first (`list-view.js`).
  static let rows = 300

  /// Connects to `/live` on `port` as the web page does, holding a long list's first ``rows``.
  ///
  /// - Parameter draining: Keep only the first message (see ``BenchPage``).
  static func open(port: Int, logger: Logger, draining: Bool = false) async throws -> BenchPage {
    let (stream, continuation) = AsyncStream<ReceivedMessage>.makeStream()
    let received = Counter()
    let dropping = Dropping()
    let (ready, readyContinuation) = AsyncStream<WebSocketOutboundWriter>.makeStream()
    let task = Task {
      do {
        try await WebSocketClient.connect(
          url: "ws://127.0.0.1:\(port)/live?rows=\(rows)",
          configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 26), logger: logger
        ) { inbound, outbound, _ in
          readyContinuation.yield(outbound)
          readyContinuation.finish()
          for try await message in inbound.messages(maxSize: 1 << 26) {
            let at = ContinuousClock.now
            switch message {
            case .text(let text): received.add(bytes: text.utf8.count)
            case .binary(let buffer): received.add(bytes: buffer.readableBytes)
            }
            if draining, received.value > 1 { continue }
            if dropping.isSet { continue }
            if case .text(let text) = message {
              continuation.yield(ReceivedMessage(text: text, at: at))
            }
          }
        }
      } catch is CancellationError {
      } catch {
        logger.error("benchmark page failed: \(error)")
      }
      readyContinuation.finish()
      continuation.finish()
    }
    var iterator = ready.makeAsyncIterator()
    guard let writer = await iterator.next() else { throw BenchError("could not connect") }
    return BenchPage(
      messages: stream, writer: writer, task: task, received: received, dropping: dropping)
  }

  /// From now on, reads every message off the socket as it arrives, counts it and drops it,
  /// as a draining page does after its snapshot.
  func drain() {
    dropping.set()
  }

  /// The next message.
  func next() async throws -> ReceivedMessage {
    guard let message = await messages.next() else { throw BenchError("the page closed") }
    return message
  }

  /// Sends a text message.
  func send(_ text: String) async throws {
    try await writer.write(.text(text))
  }

  /// Closes the connection.
  func close() {
    task.cancel()
  }
}
