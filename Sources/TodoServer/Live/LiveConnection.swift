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
  let logger: Logger

  /// Serves the page until the browser closes the connection.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    // The page's own zone once the browser says it: the day a repeating todo is done on.
    let zone = TimeZoneSetting()
    let service = (principal.map { self.service.acting(as: $0) } ?? self.service).reading(in: zone)
    let session = LivePageSession(service: service, signedIn: principal)
    let outbox = LiveOutbox()
    let observation = session.observe { outbox.post(state: $0) }
    ServerMetrics.livePages.increment()
    defer {
      ServerMetrics.livePages.decrement()
      observation.cancel()
      session.end()
    }
    session.send(.onAppear)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await Self.write(outbox, to: outbound, session: session, renderer: renderer)
      }
      group.addTask {
        defer { outbox.finish() }
        for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
          guard case .text(let text) = message else {
            outbox.post(error: LiveProtocolError.malformed("send text messages").message)
            continue
          }
          do throws(LiveProtocolError) {
            switch try LiveEvent(json: Data(text.utf8)) {
            case .page(let action):
              if case .setTimeZone(let identifier) = action,
                let told = TimeZone(identifier: identifier)
              {
                zone.set(told)
                // Kept with the account, for its API and calendar clients.
                if principal != nil { try? await service.rememberTimeZone(told) }
              }
              session.send(action)
            case .resync: outbox.resync()
            }
          } catch {
            outbox.post(error: error.message)
          }
        }
      }
      if let credential {
        let service = self.service
        group.addTask {
          switch credential {
          case .session(let id): try await service.sessionEnded(id: id)
          case .token(let id): try await service.tokenRevoked(id: id)
          }
          try await outbound.close(.policyViolation, reason: "signed out")
          outbox.finish()
        }
      }
      // The writer ends only when the reader has (it finishes the outbox) or a write
      // failed. Wait for both, so that the reader's error, the close code of a refused
      // message (1007 invalid UTF-8, 1009 too large), reaches the WebSocket handler instead
      // of a normal close.
      try await group.next()
      try await group.next()
      group.cancelAll()
    }
  }

  /// Writes the first snapshot, then the changes to the newest state each time the page can
  /// take more, at most once per frame (``TodoService/pageFrame``): a page that is slower
  /// than the commits skips the states in between, and its next message covers them all.
  private static func write(
    _ outbox: LiveOutbox, to outbound: WebSocketOutboundWriter,
    session: LivePageSession, renderer: PageRenderer
  ) async throws {
    var shown: PageRenderer.Rendered?
    var revision = 0
    var lastWrite: ContinuousClock.Instant?
    for await delivery in outbox.deliveries {
      var pending = delivery
      // What comes within a frame of the last message waits for the frame's end and goes out
      // with everything posted meanwhile (the other observations' values of the same commits,
      // the commits after it): a page costs one render per frame at most, however many
      // commits and views change. An isolated change goes out at once.
      if let lastWrite {
        let elapsed = ContinuousClock.now - lastWrite
        if elapsed < TodoService.pageFrame {
          try? await Task.sleep(for: TodoService.pageFrame - elapsed)
          pending.append(outbox.take())
        }
      }
      for message in pending.errors { try await send(message, to: outbound) }
      if pending.resync { shown = nil }
      guard let state = pending.state ?? (pending.resync ? session.state : nil) else { continue }
      let rendered = await renderer.render(state)
      guard rendered.chrome.loaded else { continue }
      revision += 1
      if let previous = shown {
        guard
          let message = try await renderer.encodedChanges(
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
      lastWrite = .now
      ServerMetrics.liveMessages.increment()
    }
  }

  private static func send(_ message: LiveMessage, to outbound: WebSocketOutboundWriter)
    async throws
  {
    try await outbound.write(.text(String(decoding: try message.encoded(), as: UTF8.self)))
  }
}
