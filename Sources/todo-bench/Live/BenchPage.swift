import Foundation
import HummingbirdWSClient
import Logging

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
final class BenchPage {
  private var messages: AsyncStream<ReceivedMessage>.Iterator
  private let writer: WebSocketOutboundWriter
  private let task: Task<Void, Never>

  private init(
    messages: AsyncStream<ReceivedMessage>, writer: WebSocketOutboundWriter, task: Task<Void, Never>
  ) {
    self.messages = messages.makeAsyncIterator()
    self.writer = writer
    self.task = task
  }

  /// Connects to `/live` on `port`.
  static func open(port: Int, logger: Logger) async throws -> BenchPage {
    let (stream, continuation) = AsyncStream<ReceivedMessage>.makeStream()
    let (ready, readyContinuation) = AsyncStream<WebSocketOutboundWriter>.makeStream()
    let task = Task {
      do {
        try await WebSocketClient.connect(
          url: "ws://127.0.0.1:\(port)/live",
          configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 26), logger: logger
        ) { inbound, outbound, _ in
          readyContinuation.yield(outbound)
          readyContinuation.finish()
          for try await message in inbound.messages(maxSize: 1 << 26) {
            let at = ContinuousClock.now
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
    return BenchPage(messages: stream, writer: writer, task: task)
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
