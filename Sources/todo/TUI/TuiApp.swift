import Foundation
import TerminalUI
import TodoCore

/// `todo tui`'s program: a live page drawn on the terminal by TerminalUI's `ListRenderer`.
/// On a database the page is a ``LivePageSession`` (the ``LivePage`` store behind the web
/// page) in this process; with `--server` it is the server's, through its live WebSocket
/// (``TuiRemotePage``).
///
/// Three sources feed one loop: the page (a new ``PageSnapshot`` after each action, and
/// after every commit the page's observation delivers, from this terminal, another process,
/// the API or a web page), the keys, and the terminal's new size. After each, the loop draws
/// the newest page through ``TuiScreen/frame(of:)`` and writes only what changed
/// (`ListRenderer.update(to:)`); only a resize, and the search field coming or going,
/// redraw the whole screen.
struct TuiApp {
  /// Where the page runs.
  enum Source {
    /// In this process, on a database.
    case local(TodoService)
    /// On the server at this URL.
    case server(URL)
  }

  /// Where the page runs.
  let source: Source
  /// The process environment (`NO_COLOR`).
  let environment: [String: String]

  /// One input of the loop.
  enum Event: Sendable {
    case page(PageSnapshot)
    case key(Key)
    case resize(TerminalSize)
    /// The connection to the server's page was lost (`false`) or is back (`true`).
    case connection(Bool)
    /// The page ended (the server refused it): the error to report.
    case ended(CLIError)
    /// The error to report if no page has arrived yet.
    case deadline(CLIError)
  }

  /// The seconds from `now` to one second past the next midnight in `calendar` (at least
  /// one): when the page is told to read the day again.
  static func secondsToMidnight(after now: Date, in calendar: Calendar) -> Double {
    let start = calendar.startOfDay(for: now)
    let next = calendar.date(byAdding: .day, value: 1, to: start) ?? now + 24 * 60 * 60
    return max(1, next.timeIntervalSince(now) + 1)
  }

  /// Runs the program on `terminal` until `q` or Ctrl-C, or the input ends; the terminal is
  /// put back as it was in every case.
  ///
  /// - Throws: ``CLIError`` when the server's page ends.
  func run(on terminal: Terminal) async throws {
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    let send: @Sendable (LivePage.Action) -> Void
    // The page as the reducer left it after an action, when it runs here.
    let current: () -> PageSnapshot?
    let pages: Task<Void, Never>
    let stop: () -> Void
    switch source {
    case .local(let service):
      let session = LivePageSession(service: service)
      send = { session.send($0) }
      current = { PageSnapshot(session.state) }
      pages = Task {
        for await state in session.states(bufferingPolicy: .bufferingNewest(1)) {
          input.yield(.page(PageSnapshot(state)))
        }
      }
      // On a database, this terminal fires reminders too (once, with a server beside it).
      let scheduler = Task { try? await ReminderScheduler(service: service).run() }
      stop = {
        scheduler.cancel()
        session.end()
      }
      session.send(.onAppear)
    case .server(let url):
      let remote = TuiRemotePage(
        server: url, token: StoredLogins.token(for: url, environment: environment))
      send = { remote.send($0) }
      current = { nil }
      let connection = Task {
        do {
          try await remote.run(
            onPage: { input.yield(.page($0)) }, onConnection: { input.yield(.connection($0)) })
        } catch {
          input.yield(.ended(CLIError(error)))
        }
      }
      // A server that never sends the page (or whose refusal does not arrive) must not
      // leave a blank screen: after a while the program ends with what to check.
      let deadline = Task {
        try? await Task.sleep(for: .seconds(10))
        input.yield(
          .deadline(
            .unavailable(
              "no page from the server in 10 s; with accounts, sign in first with todo login")))
      }
      pages = Task {
        await withTaskCancellationHandler {
          _ = await connection.result
        } onCancel: {
          connection.cancel()
          deadline.cancel()
        }
      }
      stop = {}
      // Quick entry's "tomorrow" and "overdue" in this terminal's time zone.
      send(.setTimeZone(TimeZone.current.identifier))
    }
    // At the terminal's midnight the page reads the day again, as the web page does:
    // "Today", "Tomorrow" and "overdue" follow the date with no commit.
    let midnight = Task {
      while true {
        let wait = Self.secondsToMidnight(after: Date(), in: .current)
        do { try await Task.sleep(for: .seconds(wait)) } catch { return }
        send(.setTimeZone(TimeZone.current.identifier))
      }
    }
    try terminal.enter()
    defer {
      midnight.cancel()
      pages.cancel()
      stop()
      terminal.restore()
    }
    terminal.onResize { input.yield(.resize($0)) }
    let keys = Task {
      for await key in terminal.keys() { input.yield(.key(key)) }
      input.finish()
    }
    defer { keys.cancel() }

    var renderer = ListRenderer<String, String>(size: terminal.size, environment: environment)
    var screen = TuiScreen()
    var page = PageSnapshot()
    var drawn = false
    // The ringings the bell has sounded for.
    var rung: Set<String> = []
    for await event in events {
      var output: [UInt8] = []
      switch event {
      case .page(let next):
        page = next
        screen.follow(page)
      case .key(let key):
        let command = screen.handle(key, page: page)
        if command.quits { return }
        for action in command.actions { send(action) }
        if !command.actions.isEmpty, let now = current() {
          // What the reducer changed at once (a dialog, the search, the layout) is shown
          // before the next key is read, so that a quick typist's next key meets it.
          page = now
          screen.follow(page)
        }
      case .resize(let size):
        output += renderer.resize(to: size)
      case .connection(let online):
        screen.offline = !online
      case .ended(let error):
        throw error
      case .deadline(let error):
        if !page.chrome.loaded { throw error }
      }
      // A reminder that starts ringing sounds the terminal's bell, once.
      let ringing = Set(page.chrome.reminders.map { "\($0.id)@\($0.since)" })
      if !ringing.isSubset(of: rung) { output += [0x07] }
      rung = ringing
      let frame = screen.frame(of: page)
      if !drawn {
        output += renderer.draw(frame.content)
        drawn = true
      }
      output += renderer.setSearchField(frame.searchField)
      output += renderer.update(to: frame.content)
      output += renderer.present(frame.overlay)
      output += renderer.setKeyLine(frame.keyLine)
      if case .list = screen.mode, let selection = screen.selection {
        output += renderer.reveal(selection)
      }
      terminal.write(output)
    }
  }
}
