import Foundation
import Persistence

/// Why an edit could not begin or be saved, for the person editing.
public struct EditorProblem: Equatable, Sendable {
  /// The message to show.
  public var message: String
  /// The todo's version now, when someone else changed it.
  public var currentVersion: Version?
  /// The todo as someone else saved it, when they did (shown beside the draft).
  public var theirs: Todo?

  /// Creates a problem.
  public init(message: String, currentVersion: Version? = nil, theirs: Todo? = nil) {
    self.message = message
    self.currentVersion = currentVersion
    self.theirs = theirs
  }

  /// The problem of a save that someone else's change came before: their version, to show
  /// beside the draft, which is kept.
  public static func conflict(theirs: Todo) -> EditorProblem {
    EditorProblem(
      message: "Someone else changed this todo while you were editing it. "
        + "Keep your version, or use theirs.",
      currentVersion: theirs.version, theirs: theirs)
  }

  /// The problem for an error thrown while editing.
  public init(_ error: any Error) {
    message = (error as? TodoError)?.description ?? "\(error)"
    if case .versionConflict(_, let current)? = error as? TodoError { currentVersion = current }
  }
}
