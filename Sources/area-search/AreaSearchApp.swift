import Composable
import TerminalUI

/// The program's loop: an ``AreaSearch`` store drawn on the terminal by TerminalUI's
/// `ListRenderer` through ``AreaScreen``.
///
/// Three sources feed one loop: the store's states, the keys and the terminal's new size.
/// After each, the loop draws the newest state and writes only what changed.
struct AreaSearchApp {
  /// The client the feature loads through.
  let client: AreaClient
  /// The process environment (`NO_COLOR`).
  let environment: [String: String]

  /// One input of the loop.
  enum Event: Sendable {
    case state(AreaSearch.State)
    case key(Key)
    case resize(TerminalSize)
  }

  /// Runs the screen on `terminal` until `q` or Ctrl-C, or the input ends; the terminal is
  /// put back as it was in every case.
  func run(on terminal: Terminal) async throws {
    let store = Store(initialState: AreaSearch.State()) {
      AreaSearch()
    } withDependencies: {
      $0.areaClient = client
    }
    try terminal.enter()
    defer { terminal.restore() }
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    terminal.onResize { input.yield(.resize($0)) }
    let states = Task {
      for await state in store.states(bufferingPolicy: .bufferingNewest(1)) {
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
      store.cancelAllEffects()
    }
    store.send(.onAppear)

    var renderer = ListRenderer<String, String>(size: terminal.size, environment: environment)
    var screen = AreaScreen()
    var state = store.state
    var drawn = false
    for await event in events {
      var output: [UInt8] = []
      switch event {
      case .state(let newState):
        state = newState
      case .key(let key):
        let command = screen.handle(key, state: state)
        if command.quits { return }
        for action in command.actions { store.send(action) }
        state = store.state
      case .resize(let size):
        output += renderer.resize(to: size)
      }
      screen.follow(state)
      let frame = screen.frame(of: state)
      if !drawn {
        output += renderer.setSearchField(frame.searchField)
        output += renderer.setKeyLine(frame.keyLine)
        output += renderer.draw(frame.content)
        drawn = true
      }
      output += renderer.setSearchField(frame.searchField)
      output += renderer.update(to: frame.content)
      if let top = frame.scrollTop {
        screen.forecastTop = min(top, max(0, renderer.rowCount - renderer.visibleHeight))
        output += renderer.scroll(toTop: screen.forecastTop)
      } else if let reveal = frame.reveal {
        output += renderer.reveal(reveal)
      }
      output += renderer.present(frame.overlay)
      output += renderer.setKeyLine(frame.keyLine)
      terminal.write(output)
    }
  }
}
