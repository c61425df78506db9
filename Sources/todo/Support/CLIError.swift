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
      case .validation, .invalidText, .invalidImport:
        self.init(message: error.description, status: .invalid)
      case .notFound: self.init(message: error.description, status: .notFound)
      case .versionConflict: self.init(message: error.description, status: .conflict)
      case .unavailable: self.init(message: error.description, status: .unavailable)
      case .forbidden, .unauthenticated:
        self.init(message: error.description, status: .forbidden)
      }
    case let error as DecodingError:
      self.init(message: error.readableDescription, status: .invalid)
    default:
      self.init(message: "the database cannot be used: \(error)", status: .unavailable)
    }
  }
}
