import Foundation
import HummingbirdWebSocket
import Logging
import TodoCore

/// One open live page: a `LivePageSession` (whose store observes its list), events read from the
/// WebSocket, and the page's snapshot and changesets written to it, rendered through the
/// server's ``PageRenderer`` so that pages showing the same list share the work.
struct LiveConnection {
  /// The largest event the server reads.
  static let maximumMessageSize = 1 << 20

  let service: TodoService
  /// The signed-in account whose page this is, on a server with accounts.
  let principal: Principal?
  /// What signed the page in, on a server with accounts: a browser session, or an API token
  /// (`todo tui --server`). When it ends (sign-out elsewhere, a password change, the token
  /// revoked, the account removed), the page is closed with 1008 and goes to the sign-in page.
  let credential: Credential?

  /// What a page signed in with.
  enum Credential {
    case session(UUID)
    case token(UUID)
  }
  let renderer: PageRenderer
  /// The rows at the top of the list the page holds from its first snapshot (the address's
  /// `rows`), `nil` for all.
  let rows: Int?
  let logger: Logger

  /// The `rows` of a `/live` address (`/live?rows=300`): a whole number from 1 to a million,
  /// or `nil` (every row) when it is absent or not one.
  static func rows(inPath path: String?) -> Int? {
    guard let path, let query = path.split(separator: "?", maxSplits: 1).dropFirst().first
    else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0] == "rows", let rows = Int(parts[1]),
        (1...PageList.maximumRows).contains(rows)
      else { continue }
      return rows
    }
    return nil
  }

  /// Serves the page until the browser closes the connection.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    // The page's own zone once the browser says it: the day a repeating todo is done on.
    let zone = TimeZoneSetting()
    let service = (principal.map { self.service.acting(as: $0) } ?? self.service).reading(in: zone)
    let session = LivePageSession(service: service, signedIn: principal, rows: rows)
    let writer = LivePageWriter(to: outbound, session: session, renderer: renderer)
    let observation = session.observe { writer.post(state: $0) }
    ServerMetrics.livePages.increment()
    defer {
      ServerMetrics.livePages.decrement()
      observation.cancel()
      session.end()
      writer.close()
    }
    session.send(.onAppear)
    // The reader, and the end of the credential: the page ends with the reader (its error,
    // the close code of a refused message, 1007 invalid UTF-8 or 1009 too large, reaches the
    // WebSocket handler instead of a normal close), which the credential's end brings about
    // by closing the socket. Without a credential the reader runs in the connection's own
    // task: an idle page then holds one task, not two.
    guard let credential else {
      return try await read(inbound, into: session, zone: zone, service: service, writer: writer)
    }
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await read(inbound, into: session, zone: zone, service: service, writer: writer)
        return true
      }
      let service = self.service
      group.addTask {
        switch credential {
        case .session(let id): try await service.sessionEnded(id: id)
        case .token(let id): try await service.tokenRevoked(id: id)
        }
        writer.close()
        try await outbound.close(.policyViolation, reason: "signed out")
        return false
      }
      while let readerEnded = try await group.next(), !readerEnded {}
      group.cancelAll()
    }
  }

  /// Reads the page's events until the browser closes the connection.
  private func read(
    _ inbound: WebSocketInboundStream, into session: LivePageSession, zone: TimeZoneSetting,
    service: TodoService, writer: LivePageWriter
  ) async throws {
    for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
      // The event is decoded and sent outside this loop's frame, which every idle page
      // keeps while it waits for the next message.
      if let told = Self.handle(message, session: session, zone: zone, writer: writer),
        principal != nil
      {
        // Kept with the account, for its API and calendar clients.
        try? await service.rememberTimeZone(told)
      }
    }
  }

  /// Sends one message's event to the page.
  ///
  /// Never inlined: its values (an event, the action in it) would otherwise take room in the
  /// reading loop's frame, which every open page keeps while it waits.
  ///
  /// - Returns: The time zone the page said it is in, if it did.
  @inline(never)
  private static func handle(
    _ message: WebSocketMessage, session: LivePageSession, zone: TimeZoneSetting,
    writer: LivePageWriter
  ) -> TimeZone? {
    guard case .text(let text) = message else {
      writer.post(error: LiveProtocolError.malformed("send text messages").message)
      return nil
    }
    do throws(LiveProtocolError) {
      switch try LiveEvent(json: Data(text.utf8)) {
      case .page(let action):
        var told: TimeZone?
        if case .setTimeZone(let identifier) = action,
          let zoneTold = TimeZone(identifier: identifier)
        {
          zone.set(zoneTold)
          told = zoneTold
        }
        session.send(action)
        return told
      case .resync:
        writer.resync()
      }
    } catch {
      writer.post(error: error.message)
    }
    return nil
  }
}
