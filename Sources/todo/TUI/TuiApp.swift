import Foundation
import TerminalUI
import TodoCore

/// `todo tui`'s program: a ``LivePageSession`` (the ``LivePage`` store behind the web page)
/// on a todo service, drawn on the terminal by TerminalUI's `ListRenderer`.
///
/// Three sources feed one loop: the page's states (each action's, and every commit the
/// page's observation delivers, from this terminal, another process, the API or a web page),
/// the keys, and the terminal's new size. After each, the loop renders the newest
/// ``PageSnapshot`` through ``TuiScreen/frame(of:)`` and writes only what changed
/// (`ListRenderer.update(to:)`); only a resize, and the search field coming or going, redraw
/// the whole screen.
struct TuiApp {
  /// The service the page reads and writes.
  let service: TodoService
  /// The process environment (`NO_COLOR`).
  let environment: [String: String]

  /// One input of the loop.
  enum Event: Sendable {
    case state(LivePage.State)
    case key(Key)
    case resize(TerminalSize)
  }

  /// Runs the program on `terminal` until `q` or Ctrl-C, or the input ends; the terminal is
  /// put back as it was in every case.
  func run(on terminal: Terminal) async throws {
    let session = LivePageSession(service: service)
    try terminal.enter()
    defer { terminal.restore() }
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    terminal.onResize { input.yield(.resize($0)) }
    let states = Task {
      for await state in session.states(bufferingPolicy: .bufferingNewest(1)) {
        input.yield(.state(state))
      }
    }
    let keys = Task {
      for await key in terminal.keys() { input.yield(.key(key)) }
      input.finish()
    }
    defer {
      states.cancel()
      keys.cancel()
      session.end()
    }
    session.send(.onAppear)

    var renderer = ListRenderer<String, String>(size: terminal.size, environment: environment)
    var screen = TuiScreen()
    var page = PageSnapshot()
    var drawn = false
    for await event in events {
      var output: [UInt8] = []
      switch event {
      case .state(let state):
        page = PageSnapshot(state)
        screen.follow(page)
      case .key(let key):
        let command = screen.handle(key, page: page)
        if command.quits { return }
        for action in command.actions { session.send(action) }
        if !command.actions.isEmpty {
          // What the reducer changed at once (a dialog, the search, the layout) is shown
          // before the next key is read, so that a quick typist's next key meets it.
          page = PageSnapshot(session.state)
          screen.follow(page)
        }
      case .resize(let size):
        output += renderer.resize(to: size)
      }
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
