import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import TodoCore

/// A server's live page, for `todo tui --server URL`: the server runs the ``LivePage`` store
/// and sends its snapshot and changes over the live WebSocket (`/live`,
/// `docs/live-protocol.md`), which a ``PageReplica`` applies; the terminal's actions go back
/// as the page's events (``LiveEvent/json()``). On a server with accounts the upgrade carries
/// the API token of `todo login` (or `$TODO_TOKEN`) as `Authorization: Bearer`.
final class TuiRemotePage: Sendable {
  /// The WebSocket's address: the server's URL with `ws` or `wss` and the path `/live`.
  let webSocketURL: String
  /// The API token sent with the upgrade, if there is one.
  let token: String?
  private let events: AsyncStream<Data>
  private let outbox: AsyncStream<Data>.Continuation

  /// A page on the server at `server` (`http://host:port`), signed in with `token`.
  init(server: URL, token: String?) {
    self.token = token
    var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
    components.scheme = components.scheme?.lowercased() == "https" ? "wss" : "ws"
    components.path = "/live"
    components.query = nil
    webSocketURL = components.string ?? "ws://localhost/live"
    (events, outbox) = AsyncStream.makeStream(of: Data.self)
  }

  /// Sends `action` to the server's page; an action that is not an event (the store's own)
  /// is not sent.
  func send(_ action: LivePage.Action) {
    if let message = LiveEvent.page(action).json() { outbox.yield(message) }
  }

  /// Connects and calls `onPage` with the page after every message, until the server closes
  /// the connection or the task is cancelled. An event the server refused shows as the
  /// page's problem; changes that do not fit the page ask for a new snapshot.
  ///
  /// - Throws: ``CLIError`` when the server cannot be reached or closes the page.
  func run(onPage: @escaping @Sendable (PageSnapshot) -> Void) async throws {
    let events = self.events
    let outbox = self.outbox
    var logger = Logger(label: "todo.tui")
    logger.logLevel = .critical
    var headers = HTTPFields()
    if let token { headers[.authorization] = "Bearer \(token)" }
    let close: WebSocketCloseFrame?
    do {
      close = try await WebSocketClient.connect(
        url: webSocketURL,
        configuration: WebSocketClientConfiguration(
          maxFrameSize: 1 << 24, additionalHeaders: headers),
        logger: logger
      ) { inbound, outbound, _ in
        let writer = Task {
          for await message in events {
            try await outbound.write(.text(String(decoding: message, as: UTF8.self)))
          }
        }
        defer { writer.cancel() }
        var replica = PageReplica()
        for try await message in inbound.messages(maxSize: 1 << 24) {
          guard case .text(let text) = message else { continue }
          do throws(PageReplicaError) {
            switch try replica.apply(Data(text.utf8)) {
            case .page:
              onPage(replica.page)
            case .error(_, let problem):
              var page = replica.page
              page.chrome.problem = problem
              onPage(page)
            }
          } catch {
            if let resync = LiveEvent.resync.json() { outbox.yield(resync) }
          }
        }
      }
    } catch is CancellationError {
      return
    } catch {
      throw CLIError.unavailable("cannot reach the live page at \(webSocketURL): \(error)")
    }
    if Task.isCancelled { return }
    let reason = close?.reason.flatMap { $0.isEmpty ? nil : $0 } ?? "the connection ended"
    if reason == "sign in first" {
      throw CLIError(
        message: token == nil
          ? "the server has accounts: sign in first with todo login"
          : "the server did not accept the stored token: sign in again with todo login",
        status: .forbidden)
    }
    throw CLIError.unavailable("the server closed the live page: \(reason)")
  }
}
