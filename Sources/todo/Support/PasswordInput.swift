import Foundation
import TerminalUI

/// Reading a new password: asked twice on the terminal without echo, or one line of stdin
/// (`--password-stdin`). The password is never printed or logged.
enum PasswordInput {
  /// Reads a new password for the user `name`.
  ///
  /// - Parameters:
  ///   - name: The user, named in the prompt.
  ///   - fromStdin: Whether to read one line of stdin instead of asking on the terminal.
  ///   - check: The password rules, applied to the first answer on a terminal (so that a
  ///     refused password is not typed twice) and to the line read from stdin.
  /// - Throws: `CLIError.invalid` when there is no terminal to ask on, no password was
  ///   given, the two answers differ, or `check` refuses it.
  static func newPassword(
    for name: String, fromStdin: Bool, check: (String) throws -> Void
  ) throws -> String {
    if fromStdin {
      guard let line = readLine(strippingNewline: true) else {
        throw CLIError.invalid("no password on stdin: write it as one line")
      }
      try check(line)
      return line
    }
    guard Console.inputIsTerminal else {
      throw CLIError.invalid(
        "cannot ask for the password: stdin is not a terminal; pass --password-stdin and "
          + "write the password on stdin")
    }
    let password = try readSecret(prompt: "New password for \(name): ")
    try check(password)
    let again = try readSecret(prompt: "Type it again: ")
    guard again == password else {
      throw CLIError.invalid("the two passwords differ; nothing changed")
    }
    return password
  }

  /// Reads an existing secret (a password to sign in with, a token): once on the terminal
  /// without echo, or one line of stdin.
  ///
  /// - Throws: `CLIError.invalid` when there is no terminal to ask on or nothing was given.
  static func secret(prompt: String, fromStdin: Bool, option: String) throws -> String {
    if fromStdin {
      guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw CLIError.invalid("nothing on stdin: write it as one line")
      }
      return line
    }
    guard Console.inputIsTerminal else {
      throw CLIError.invalid(
        "cannot ask: stdin is not a terminal; pass \(option) and write it on stdin")
    }
    return try readSecret(prompt: prompt)
  }

  /// Asks on stderr and reads a line from the terminal on stdin with echo turned off. Echo
  /// comes back afterwards, also when reading fails or the process is interrupted.
  private static func readSecret(prompt: String) throws -> String {
    FileHandle.standardError.write(Data(prompt.utf8))
    let line: String?
    do {
      line = try Terminal().readLineWithoutEcho()
    } catch {
      throw CLIError.unavailable("cannot turn off the terminal's echo: \(error)")
    }
    // The Enter the person typed was not echoed.
    FileHandle.standardError.write(Data("\n".utf8))
    guard let line else {
      throw CLIError.invalid("no password given; nothing changed")
    }
    return line
  }
}
