import Foundation
import ICalendar

/// One occurrence of a repeating todo that a calendar app changed on its own (a `VTODO` with
/// the todo's `UID` and a `RECURRENCE-ID`): kept with the todo and shown in its edit sheet,
/// "3 Dec 2026: Yoga (in the park)".
public struct ChangedOccurrence: Hashable, Sendable {
  /// The occurrence it changes (its `RECURRENCE-ID`), as a wall-clock date and time.
  public var occurrence: Deadline
  /// Its own title, when the app gave it one.
  public var title: String?
  /// Its own status, when the app gave it one (done, for an occurrence completed alone).
  public var status: TodoStatus?

  /// Creates a changed occurrence.
  public init(occurrence: Deadline, title: String? = nil, status: TodoStatus? = nil) {
    self.occurrence = occurrence
    self.title = title
    self.status = status
  }

  /// The occurrence as its sheet lists it: "3 Dec 2026: Yoga (in the park), done".
  public var text: String {
    var text = occurrence.displayText
    if let title { text += ": " + title }
    if status == .done { text += ", done" }
    return text
  }
}

extension TodoService {
  /// The occurrences of a repeating todo that a calendar app changed on its own, by date.
  ///
  /// - Throws: `TodoError.notFound` for a todo the principal cannot see.
  public func changedOccurrences(of id: UUID) async throws -> [ChangedOccurrence] {
    try await read { tx in
      _ = try self.liveTodo(id: id, need: .read, in: tx)
      let data = try tx.object(CalendarData.self, id: id)
      return TodoCalendar.overrides(of: data).compactMap { component -> ChangedOccurrence? in
        guard let value = component.property(named: "RECURRENCE-ID")?.dateOrDateTimeValue,
          let occurrence = try? TodoCalendar.deadline(value),
          let todo = TodoComponent(component)
        else { return nil }
        let status: TodoStatus? =
          switch todo.status {
          case .completed?, .cancelled?: .done
          case .inProcess?: .inProgress
          case .needsAction?: .notStarted
          default: nil
          }
        return ChangedOccurrence(
          occurrence: occurrence, title: todo.summary.flatMap { $0.isEmpty ? nil : $0 },
          status: status)
      }.sorted { $0.occurrence < $1.occurrence }
    }
  }
}
