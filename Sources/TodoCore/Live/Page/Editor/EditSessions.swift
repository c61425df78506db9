import Foundation
import Synchronization

/// The open edit sessions of a store, by todo: where ``TodoEditor`` keeps each session's
/// child context between actions (state stays plain, comparable data).
public final class EditSessions: Sendable {
  private let sessions = Mutex<[UUID: TodoEditSession]>([:])

  /// Creates an empty registry.
  public init() {}

  /// The session editing `todoID`, if one is open.
  public subscript(todoID: UUID) -> TodoEditSession? {
    sessions.withLock { $0[todoID] }
  }

  /// Remembers `session` as the one editing its todo, replacing (and cancelling) an older one.
  func open(_ session: TodoEditSession) {
    let previous = sessions.withLock { $0.updateValue(session, forKey: session.original.id) }
    previous?.cancel()
  }

  /// Forgets the session editing `todoID` and returns it.
  @discardableResult
  func close(_ todoID: UUID) -> TodoEditSession? {
    sessions.withLock { $0.removeValue(forKey: todoID) }
  }

  /// How many sessions are open.
  public var count: Int { sessions.withLock { $0.count } }
}
