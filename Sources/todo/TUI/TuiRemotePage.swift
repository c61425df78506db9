import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import Synchronization
import TodoCore

/// A server's live page, for `todo tui --server URL`: the server runs the ``LivePage`` store
/// and sends its snapshot and changes over the live WebSocket (`/live`,
/// `docs/live-protocol.md`), which a ``PageReplica`` applies; the terminal's actions go back
/// as the page's events (``LiveEvent/json()``). On a server with accounts the upgrade carries
/// the API token of `todo login` (or `$TODO_TOKEN`) as `Authorization: Bearer`.
///
/// A connection that ends (the server restarted, the network dropped) is opened again with a
/// growing delay (0.25 s doubling to 4 s), as the web page does: the new page is first told
/// what this terminal was showing (its list, view or query, filter, layout, sorting and
/// search), then gets the events made meanwhile, each sent once, in order.
final class TuiRemotePage: Sendable {
  /// The WebSocket's address: the server's URL with `ws` or `wss` and the path `/live`.
  let webSocketURL: String
  /// The API token sent with the upgrade, if there is one.
  let token: String?
  private let outbox = Outbox()

  /// A page on the server at `server` (`http://host:port`), signed in with `token`.
  init(server: URL, token: String?) {
    self.token = token
    var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
    components.scheme = components.scheme?.lowercased() == "https" ? "wss" : "ws"
    components.path = "/live"
    components.query = nil
    webSocketURL = components.string ?? "ws://localhost/live"
  }

  /// Sends `action` to the server's page, once the page is connected; an action that is not
  /// an event (the store's own) is not sent.
  func send(_ action: LivePage.Action) {
    if let message = LiveEvent.page(action).json() { outbox.post(message) }
  }

  /// Connects and calls `onPage` with the page after every message, and `onConnection` each
  /// time the connection is back (`true`) or lost (`false`), until the task is cancelled. An
  /// event the server refused shows as the page's problem; changes that do not fit the page
  /// ask for a new snapshot.
  ///
  /// - Throws: ``CLIError`` when the server cannot be reached at first, or refuses the page
  ///   (no sign-in).
  func run(
    onPage: @escaping @Sendable (PageSnapshot) -> Void,
    onConnection: @escaping @Sendable (Bool) -> Void = { _ in }
  ) async throws {
    let shown = Mutex<PageSnapshot?>(nil)
    var delay = Duration.milliseconds(250)
    while !Task.isCancelled {
      let outcome = await connect(
        restoring: shown.withLock { $0 }, onOpen: { onConnection(true) },
        onPage: { page in
          shown.withLock { $0 = page }
          onPage(page)
        })
      if Task.isCancelled { return }
      switch outcome {
      case .refused(let error):
        throw error
      case .failed(let error, _) where shown.withLock({ $0 == nil }):
        throw error
      case .ended(let connected), .failed(_, let connected):
        if connected { delay = .milliseconds(250) }
      }
      onConnection(false)
      do { try await Task.sleep(for: delay) } catch { return }
      delay = min(delay * 2, .seconds(4))
    }
  }

  private enum Outcome {
    /// The server closed the page or the connection ended, after it was opened (or not).
    case ended(connected: Bool)
    /// No connection could be made, or it failed.
    case failed(CLIError, connected: Bool)
    /// The server refused the page: trying again would not help.
    case refused(CLIError)
  }

  /// One connection: restores the page `shown` showed, sends what waits in the outbox, and
  /// applies every message until the connection ends.
  private func connect(
    restoring shown: PageSnapshot?, onOpen: @escaping @Sendable () -> Void,
    onPage: @escaping @Sendable (PageSnapshot) -> Void
  ) async -> Outcome {
    let outbox = self.outbox
    var logger = Logger(label: "todo.tui")
    logger.logLevel = .critical
    var headers = HTTPFields()
    if let token { headers[.authorization] = "Bearer \(token)" }
    let restore = shown.map(Self.restoringEvents) ?? []
    let opened = Mutex(false)
    let close: WebSocketCloseFrame?
    do {
      close = try await WebSocketClient.connect(
        url: webSocketURL,
        configuration: WebSocketClientConfiguration(
          maxFrameSize: 1 << 24, additionalHeaders: headers),
        logger: logger
      ) { inbound, outbound, _ in
        opened.withLock { $0 = true }
        onOpen()
        // The new page holds events until it has loaded what they name.
        for message in restore {
          try await outbound.write(.text(String(decoding: message, as: UTF8.self)))
        }
        let writer = Task {
          // An event leaves the outbox only once written: one the connection could not take
          // waits for the next connection.
          while let message = await outbox.next() {
            try await outbound.write(.text(String(decoding: message, as: UTF8.self)))
            outbox.sent()
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
            if let resync = LiveEvent.resync.json() { outbox.post(resync) }
          }
        }
      }
    } catch is CancellationError {
      return .ended(connected: opened.withLock { $0 })
    } catch {
      return .failed(
        .unavailable("cannot reach the live page at \(webSocketURL): \(error)"),
        connected: opened.withLock { $0 })
    }
    let reason = close?.reason.flatMap { $0.isEmpty ? nil : $0 } ?? "the connection ended"
    if reason == "sign in first" {
      return .refused(
        CLIError(
          message: token == nil
            ? "the server has accounts: sign in first with todo login"
            : "the server did not accept the stored token: sign in again with todo login",
          status: .forbidden))
    }
    return .ended(connected: opened.withLock { $0 })
  }

  /// The events that make a new page show what `page` showed: its time zone, its list, view
  /// or query, and its filter, layout, sorting and search.
  static func restoringEvents(_ page: PageSnapshot) -> [Data] {
    let chrome = page.chrome
    var actions: [LivePage.Action] = [.setTimeZone(TimeZone.current.identifier)]
    if let view = chrome.view {
      actions.append(.sidebar(.chooseView(view)))
    } else if let query = chrome.query {
      if let id = query.filterID.flatMap(UUID.init(uuidString:)) {
        actions.append(.sidebar(.chooseSavedFilter(id)))
      } else if let tag = query.tag {
        actions.append(.sidebar(.chooseTag(tag)))
      } else {
        actions.append(.sidebar(.showQuery(query.text)))
      }
    } else if let id = chrome.listID.flatMap(UUID.init(uuidString:)) {
      actions.append(.sidebar(.chooseList(id)))
    }
    actions.append(.list(.chooseFilter(chrome.filter)))
    actions.append(.list(.chooseLayout(chrome.layout)))
    if chrome.sortByDeadline { actions.append(.list(.sortByDeadline(true))) }
    if chrome.sortByPriority { actions.append(.list(.sortByPriority(true))) }
    if !chrome.search.isEmpty { actions.append(.search(.setText(chrome.search))) }
    return actions.compactMap { LiveEvent.page($0).json() }
  }
}

/// The events waiting to be sent, in order: the first leaves only once written, so an event
/// made while the connection is down, or lost with a connection, goes out on the next one.
private final class Outbox: Sendable {
  private struct State {
    var messages: [Data] = []
    var waiter: CheckedContinuation<Data?, Never>?
  }

  private let state = Mutex(State())

  func post(_ message: Data) {
    let waiter = state.withLock { state in
      state.messages.append(message)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: message)
  }

  /// The first waiting event, once there is one; `nil` when the task is cancelled.
  func next() async -> Data? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let first = state.withLock { state -> Data?? in
          if Task.isCancelled { return .some(nil) }
          if let first = state.messages.first { return .some(first) }
          state.waiter = continuation
          return .none
        }
        if let first { continuation.resume(returning: first) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: nil)
    }
  }

  /// The first event was written.
  func sent() {
    state.withLock { state in
      if !state.messages.isEmpty { state.messages.removeFirst() }
    }
  }
}
