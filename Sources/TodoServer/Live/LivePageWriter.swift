import Foundation
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization
import TodoCore

/// Writes a live page's messages: the first snapshot, then the changes to the newest state,
/// rendered through the server's ``PageRenderer``, and the protocol's errors.
///
/// The store posts a state after every action, and commits can come faster than a page's
/// socket drains; the writer takes everything pending at once, so it renders only the newest
/// state and never falls further behind. It runs in a task only while it has something to
/// send: an idle page holds no task of its own for its writes, and none of the memory such a
/// task keeps from its largest render (a server with thousands of pages open keeps them
/// mostly idle).
final class LivePageWriter: Sendable {
  /// Everything posted since the writer last took.
  struct Pending: Sendable {
    var state: LivePage.State?
    var errors: [LiveMessage] = []
    var resync = false

    var isEmpty: Bool { state == nil && errors.isEmpty && !resync }

    /// What was posted after `self` added to it: the newer state, every error in order.
    mutating func append(_ later: Pending) {
      state = later.state ?? state
      errors += later.errors
      resync = resync || later.resync
    }
  }

  /// What the writer posts to, and what it has shown.
  private struct State {
    var pending = Pending()
    /// Whether a task is writing (it takes what is posted meanwhile before it ends).
    var writing = false
    /// No more posts are taken: the page closed, or a write failed.
    var closed = false
    var shown: PageRenderer.Rendered?
    var revision = 0
    var lastWrite: ContinuousClock.Instant?
  }

  private let state = Mutex(State())
  private let outbound: WebSocketOutboundWriter
  private let session: LivePageSession
  private let renderer: PageRenderer

  init(to outbound: WebSocketOutboundWriter, session: LivePageSession, renderer: PageRenderer) {
    self.outbound = outbound
    self.session = session
    self.renderer = renderer
  }

  /// The page's newest state: the next message goes from what the page shows to it.
  func post(state newest: LivePage.State) {
    post { $0.state = newest }
  }

  /// An error for an event the server could not read, sent before the next changes.
  func post(error: LiveMessage) {
    post { $0.errors.append(error) }
  }

  /// The browser asked for a new snapshot.
  func resync() {
    post { $0.resync = true }
  }

  /// Takes no more posts; a write under way ends with what it holds.
  func close() {
    state.withLock { $0.closed = true }
  }

  private func post(_ change: (inout Pending) -> Void) {
    let start = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      change(&state.pending)
      guard !state.writing else { return false }
      state.writing = true
      return true
    }
    if start { Task { await self.write() } }
  }

  /// Writes until nothing is pending, at most once per frame (``TodoService/pageFrame``): a
  /// page that is slower than the commits skips the states in between, and its next message
  /// covers them all.
  private func write() async {
    while var pending = take() {
      // What comes within a frame of the last message waits for the frame's end and goes out
      // with everything posted meanwhile (the other observations' values of the same commits,
      // the commits after it): a page costs one render per frame at most, however many
      // commits and views change. An isolated change goes out at once.
      if let lastWrite = state.withLock({ $0.lastWrite }) {
        let elapsed = ContinuousClock.now - lastWrite
        if elapsed < TodoService.pageFrame {
          try? await Task.sleep(for: TodoService.pageFrame - elapsed)
          pending.append(
            state.withLock { state in
              defer { state.pending = Pending() }
              return state.pending
            })
        }
      }
      do {
        try await send(pending)
      } catch {
        // The socket is gone: the reader ends the page.
        state.withLock { $0.closed = true }
        return
      }
    }
  }

  /// What is pending, taken; or `nil`, and the writing task ends, when nothing is.
  private func take() -> Pending? {
    state.withLock { state in
      guard !state.closed, !state.pending.isEmpty else {
        state.writing = false
        return nil
      }
      defer { state.pending = Pending() }
      return state.pending
    }
  }

  private func send(_ pending: Pending) async throws {
    for message in pending.errors { try await send(message) }
    var (shown, revision) = state.withLock { state in
      if pending.resync { state.shown = nil }
      return (state.shown, state.revision)
    }
    guard let newest = pending.state ?? (pending.resync ? session.state : nil) else { return }
    let rendered = await renderer.render(newest)
    guard rendered.chrome.loaded else { return }
    revision += 1
    if let previous = shown {
      guard
        let message = try await renderer.encodedChanges(
          from: previous, to: rendered, revision: revision)
      else { return }
      try await write(message)
    } else {
      try await send(.snapshot(revision: revision, rendered.page))
    }
    state.withLock { state in
      state.shown = rendered
      state.revision = revision
      state.lastWrite = .now
    }
    ServerMetrics.liveMessages.increment()
  }

  private func send(_ message: LiveMessage) async throws {
    try await writeText(ByteBuffer(bytes: try message.encoded()), final: true)
  }

  /// Writes a `changes` message: the page's own start, then the body that every page going
  /// between the same two views sends. A large body is the next frame of the same message,
  /// one buffer for all the pages, handed to each socket without a copy: with thousands of
  /// pages on a list that many people change, copying it per page had cost more than the
  /// writes themselves. A small one is copied into a single frame, which costs less than a
  /// second frame's system call.
  private func write(_ message: ChangesMessage) async throws {
    guard let body = message.body, body.data.count > Self.largestCopiedBody else {
      var whole = ByteBuffer()
      whole.reserveCapacity(message.start.count + (message.body?.data.count ?? 0))
      whole.writeBytes(message.start)
      if let body = message.body { whole.writeBytes(body.data) }
      try await writeText(whole, final: true)
      return
    }
    try await writeText(ByteBuffer(bytes: message.start), final: false)
    let shared = body.converted { ByteBuffer(bytes: $0) }
    try await outbound.write(
      .custom(WebSocketFrame(fin: true, opcode: .continuation, data: shared)))
  }

  /// The largest shared body copied into a page's single frame.
  static let largestCopiedBody = 8 * 1024

  /// A text frame; the message's first, and its last when `final`.
  private func writeText(_ buffer: ByteBuffer, final: Bool) async throws {
    try await outbound.write(.custom(WebSocketFrame(fin: final, opcode: .text, data: buffer)))
  }
}
