import Foundation

/// An XDG base directory, in which `todo` keeps its files in a `todo` folder of its own: the
/// data directory (the default database), the state directory (the numbers of the last
/// listing) and the configuration directory (the tokens of `todo login`).
enum XDGDirectory {
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  case data
  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  case state
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  case config

  /// The environment variable that moves it.
  private var variable: String {
    switch self {
    case .data: "XDG_DATA_HOME"
    case .state: "XDG_STATE_HOME"
    case .config: "XDG_CONFIG_HOME"
    }
  }

  /// Where it is in the home directory when the variable does not move it.
  private var inHome: String {
    switch self {
    case .data: ".local/share"
    case .state: ".local/state"
    case .config: ".config"
    }
  }

  /// `todo`'s folder in this directory of `environment` (`$XDG_STATE_HOME/todo`, else
  /// `~/.local/state/todo`).
  ///
  /// The variable counts only when it is an absolute path, as the XDG specification says;
  /// the home directory is `$HOME`, else the user's.
  func todoFolder(in environment: [String: String]) -> URL {
    let base: URL
    if let path = environment[variable], path.hasPrefix("/") {
      base = URL(fileURLWithPath: path)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      base = home.appendingPathComponent(inHome)
    }
    return base.appendingPathComponent("todo")
  }
}
