import Foundation

/// The exit statuses of `todo`, documented in `--help` and `docs/cli.md`.
enum ExitStatus: Int32, CaseIterable {
  /// Success.
  case success = 0
  /// Invalid input (bad date, empty title, a control character in any text, unknown status,
  /// invalid import file), a refused or declined confirmation.
  case invalid = 1
  /// No todo or list has this number, identifier or name.
  case notFound = 2
  /// Someone else changed the todo first (version conflict); nothing was written.
  case conflict = 3
  /// The server cannot be reached, or the database or a file cannot be used.
  case unavailable = 4
  /// Not signed in, a wrong password or token, or not allowed (a viewer's write, a read-only
  /// token's write).
  case forbidden = 5

  /// The text appended to every subcommand's `--help`.
  static let helpText = """
    Exit status: 0 ok, 1 invalid input or not confirmed, 2 not found, 3 conflict \
    (changed by someone else), 4 server unreachable or database/file error, 5 not signed \
    in or not allowed, 64 malformed command line. Errors are printed on stderr.
    """
}
