import Foundation

/// A failure of a todo operation that the user or client can act on.
///
/// The server maps each case to an HTTP status (400, 422, 404, 409), the command line to a
/// message on stderr and a non-zero exit code.
///
/// ```swift
/// do { _ = try TodoValidation.title("   ") } catch let error as TodoError {
///   print(error.description)  // "title: a title cannot be empty"
/// }
/// ```
public enum TodoError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Input that breaks a rule: `field` names the input, `message` says what is wrong.
  case validation(field: String, message: String)
  /// Text that carries a character no user types: a control character (NUL, escape, C1
  /// controls; see ``TodoValidation/checkCharacters(_:field:)``). `field` names the input
  /// (`title`, or `todos[3].title` in an import), `message` the character and its position.
  /// Unlike ``validation(field:message:)`` it is refused before any other rule is applied.
  case invalidText(field: String, message: String)
  /// No live object of kind `entity` (`list`, `todo`) has this identifier or name.
  case notFound(entity: String, id: String)
  /// The todo was changed (or trashed) since the version the client read; nothing was written.
  /// `current` is its version now.
  case versionConflict(id: UUID, current: Version)
  /// An import document cannot be imported; nothing was written.
  case invalidImport(String)
  /// The database cannot be reached now (a PostgreSQL server that is down or restarting);
  /// nothing was written, and the same request can be retried.
  case unavailable(String)
  /// The signed-in account may see the object but not do this to it (a viewer's write, a
  /// read-only token's write, an editor deleting the owner's list); nothing was written.
  case forbidden(String)
  /// The credential the request was made with does not hold (a revoked or forged token);
  /// nothing was read or written.
  case unauthenticated(String)

  public var description: String {
    switch self {
    case .validation(let field, let message), .invalidText(let field, let message):
      "\(field): \(message)"
    case .notFound(let entity, let id): "no \(entity) \(id)"
    case .versionConflict(let id, let current):
      "todo \(id) was changed by someone else (it is now at version \(current)); reload it"
    case .invalidImport(let reason): "cannot import: \(reason)"
    case .unavailable(let reason): "the database is unavailable: \(reason)"
    case .forbidden(let reason): "not allowed: \(reason)"
    case .unauthenticated(let reason): "not signed in: \(reason)"
    }
  }
}
