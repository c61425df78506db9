import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the command talks to: stdout, stderr, stdin, colour and confirmations.
enum Console {
  /// Writes a line on stdout.
  static func output(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Writes a line on stderr.
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Whether stdin is a terminal (a person can answer a question).
  static var inputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

  /// Whether output may use colour: stdout is a terminal and `NO_COLOR` is not set.
  static var usesColor: Bool {
    isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }

  /// The columns of the terminal stdout writes to, or `nil` when stdout is not a terminal
  /// (a pipe or a file gets every line whole). `$COLUMNS` stands in when the terminal does not
  /// say its size.
  static var terminalWidth: Int? {
    guard isatty(STDOUT_FILENO) != 0 else { return nil }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      return columns
    }
    return nil
  }

  /// Asks a yes/no question before a destructive action.
  ///
  /// With `assumeYes` (`--yes`) it answers yes without asking. On a terminal it asks on stderr
  /// and reads the answer from stdin (yes only for `y` or `yes`). Without a terminal it refuses,
  /// since nobody can answer.
  ///
  /// - Parameters:
  ///   - question: The question, e.g. `Move "Milk" to the trash?`.
  ///   - action: The action in words for the refusal, e.g. `move "Milk" to the trash`.
  ///   - assumeYes: Whether `--yes` was given.
  /// - Throws: `CLIError.invalid` when the action is declined or cannot be confirmed.
  /// Asks a yes-or-no question on the terminal; anything but `y` or `yes` is no.
  static func ask(_ question: String) -> Bool {
    FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
    let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    return answer == "y" || answer == "yes"
  }

  static func confirm(_ question: String, action: String, assumeYes: Bool) throws {
    if assumeYes { return }
    guard inputIsTerminal else {
      throw CLIError.invalid(
        "will not \(action) without confirmation: stdin is not a terminal; pass --yes")
    }
    guard ask(question) else { throw CLIError.invalid("not confirmed; nothing changed") }
  }
}

/// The styles of the commands' output, applied only when ``Console/usesColor`` allows.
extension TextStyle {
  static let bold = TextStyle(isBold: true)
  static let dim = TextStyle(isDim: true)
  static let red = TextStyle(color: .red)
  static let green = TextStyle(color: .green)
  static let yellow = TextStyle(color: .yellow)

  /// `text` in this style, or unchanged when `enabled` is false.
  func apply(_ text: String, enabled: Bool) -> String {
    enabled ? applied(to: text) : text
  }
}
