import ArgumentParser
import Foundation
import TodoCore

/// A failure of a `todo` command: the message printed on stderr and the process's exit code.
///
/// Every error a command meets becomes one of these (``init(_:)`` translates domain errors,
/// HTTP problems and store errors), so every failure exits non-zero with a readable message.
struct CLIError: Error, CustomStringConvertible, LocalizedError {
  /// What went wrong, for a person.
  var message: String
  /// The exit status (see ``ExitStatus``).
  var status: ExitStatus

  var description: String { message }
  var errorDescription: String? { message }

  /// Bad input on the command line or in a file (exit 1).
  static func invalid(_ message: String) -> CLIError {
    CLIError(message: message, status: .invalid)
  }
  /// Nothing has this number, identifier or name (exit 2).
  static func notFound(_ message: String) -> CLIError {
    CLIError(message: message, status: .notFound)
  }
  /// The server or database cannot be used (exit 4).
  static func unavailable(_ message: String) -> CLIError {
    CLIError(message: message, status: .unavailable)
  }

  /// Creates a failure with a message and an exit status.
  init(message: String, status: ExitStatus) {
    self.message = message
    self.status = status
  }

  /// Translates any error into a message and an exit status.
  init(_ error: any Error) {
    switch error {
    case let error as CLIError:
      self = error
    case let error as TodoError:
      switch error {
      case .validation, .invalidImport: self.init(message: error.description, status: .invalid)
      case .notFound: self.init(message: error.description, status: .notFound)
      case .versionConflict: self.init(message: error.description, status: .conflict)
      }
    case let error as DecodingError:
      self.init(message: error.readableDescription, status: .invalid)
    default:
      self.init(message: "the database cannot be used: \(error)", status: .unavailable)
    }
  }
}

/// The exit statuses of `todo`, documented in `--help` and `docs/cli.md`.
enum ExitStatus: Int32, CaseIterable {
  /// Success.
  case success = 0
  /// Invalid input (bad date, empty title, unknown status, invalid import file), a refused or
  /// declined confirmation.
  case invalid = 1
  /// No todo or list has this number, identifier or name.
  case notFound = 2
  /// Someone else changed the todo first (version conflict); nothing was written.
  case conflict = 3
  /// The server cannot be reached, or the database or a file cannot be used.
  case unavailable = 4

  /// The text appended to every subcommand's `--help`.
  static let helpText = """
    Exit status: 0 ok, 1 invalid input or not confirmed, 2 not found, 3 conflict \
    (changed by someone else), 4 server unreachable or database/file error, 64 malformed \
    command line. Errors are printed on stderr.
    """
}

/// Running a command's body: errors are printed on stderr as `Error: …` and end the process
/// with their exit status.
enum CommandRunner {
  /// Opens the backend the options name, runs `body` with it, closes it, and turns any error
  /// into a message on stderr and an `ExitCode`.
  static func run(
    _ options: BackendOptions, _ body: (any TodoBackend) async throws -> Void
  ) async throws {
    let backend: any TodoBackend
    do {
      backend = try await options.openBackend()
    } catch {
      throw fail(error)
    }
    do {
      try await body(backend)
      await backend.close()
    } catch let exit as ExitCode {
      await backend.close()
      throw exit
    } catch {
      await backend.close()
      throw fail(error)
    }
  }

  /// Prints the error on stderr and returns the exit code to throw.
  static func fail(_ error: any Error) -> ExitCode {
    let failure = CLIError(error)
    Console.error("Error: \(failure.message)")
    return ExitCode(failure.status.rawValue)
  }
}
