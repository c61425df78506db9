import Composable
import Foundation
import HummingbirdWebSocket
import Logging
import TodoCore

/// One open live page: a `LivePage` store (which observes its list), events read from the
/// WebSocket, and the page's snapshot and changesets written to it, rendered through the
/// server's ``PageRenderer`` so that pages showing the same list share the work.
struct LiveConnection {
  /// The largest event the server reads.
  static let maximumMessageSize = 1 << 20

  let service: TodoService
  let renderer: PageRenderer
  let logger: Logger

  /// What the writer sends next.
  private enum Output: Sendable {
    case state(LivePage.State)
    case error(LiveMessage)
    case resync
  }

  /// Serves the page until the browser closes the connection.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    let store = Store(initialState: LivePage.State()) {
      LivePage()
    } withDependencies: { [service] in
      $0.todoClient = .live(service)
      $0.date = DateGenerator { Date() }
    }
    let (outputs, output) = AsyncStream<Output>.makeStream()
    let observation = store.observe { output.yield(.state($0)) }
    defer {
      observation.cancel()
      store.cancelAllEffects()
    }
    store.send(.onAppear)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await Self.write(outputs, to: outbound, store: store, renderer: renderer)
      }
      group.addTask {
        defer { output.finish() }
        for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
          guard case .text(let text) = message else {
            output.yield(.error(LiveProtocolError.malformed("send text messages").message))
            continue
          }
          do throws(LiveProtocolError) {
            switch try LiveEvent(json: Data(text.utf8)) {
            case .page(let action): store.send(action)
            case .resync: output.yield(.resync)
            }
          } catch {
            output.yield(.error(error.message))
          }
        }
      }
      // The writer ends only when the reader has (it finishes the outputs) or a write
      // failed. Wait for both, so that the reader's error, the close code of a refused
      // message (1007 invalid UTF-8, 1009 too large), reaches the WebSocket handler instead
      // of a normal close.
      try await group.next()
      try await group.next()
    }
  }

  /// Renders each state and writes the first snapshot, then the changes of each state.
  private static func write(
    _ outputs: AsyncStream<Output>, to outbound: WebSocketOutboundWriter,
    store: Store<LivePage.State, LivePage.Action>, renderer: PageRenderer
  ) async throws {
    var shown: PageRenderer.Rendered?
    var revision = 0
    for await item in outputs {
      let rendered: PageRenderer.Rendered
      switch item {
      case .error(let message):
        try await send(message, to: outbound)
        continue
      case .resync:
        shown = nil
        rendered = renderer.render(store.state)
      case .state(let state):
        rendered = renderer.render(state)
      }
      guard rendered.page.chrome.loaded else { continue }
      revision += 1
      if let previous = shown {
        guard
          let message = try renderer.encodedChanges(
            from: previous, to: rendered, revision: revision)
        else {
          revision -= 1
          continue
        }
        try await outbound.write(.text(String(decoding: message, as: UTF8.self)))
      } else {
        try await send(.snapshot(revision: revision, rendered.page), to: outbound)
      }
      shown = rendered
    }
  }

  private static func send(_ message: LiveMessage, to outbound: WebSocketOutboundWriter)
    async throws
  {
    try await outbound.write(.text(String(decoding: try message.encoded(), as: UTF8.self)))
  }
}
