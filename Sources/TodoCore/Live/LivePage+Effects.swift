import Composable
import Foundation

/// The effects the page's reducer returns, and the helpers its cases share.
extension LivePage {
  /// Observes the lists and the todos of `listID` (``TodoService/observe(list:)``): the
  /// current ones first, then every committed change, from any page, process or client.
  /// Observing another list cancels the previous observation.
  func load(_ listID: UUID) -> Effect<Action> {
    .run { [todos, date] send in
      for try await value in todos.observeList(listID) {
        send(
          .loaded(
            Loaded(
              lists: value.lists, listID: value.listID, todos: value.todos, now: date.now,
              sequence: value.sequence, openCounts: value.openCounts, agenda: value.agenda)))
      }
    } catch: { error, send in
      send(.failed(Self.message(for: error)))
    }
    .cancellable(id: LoadID.load, cancelInFlight: true)
  }

  /// Sets the sheet's fields as the page sent them, then saves them (`save`, or `keepMine`
  /// after a conflict). Text with a control character is refused in the sheet, and nothing
  /// is applied.
  func submit(
    _ fields: EditFields, _ state: inout State, then action: TodoEditorAction
  ) -> Effect<Action> {
    guard let editor = state.editor, editor.phase == .editing else { return .none }
    if let refused = refusal(of: fields.texts) {
      state.editor?.problem = EditorProblem(
        message: refused, currentVersion: editor.problem?.currentVersion,
        theirs: editor.problem?.theirs)
      return .none
    }
    return .concatenate(
      .send(.editor(.setTitle(fields.title))), .send(.editor(.setNotes(fields.notes))),
      .send(.editor(.setDeadline(fields.deadline))),
      .send(.editor(.setStatus(fields.status))), .send(.editor(.setSection(fields.section))),
      .send(.editor(action)))
  }

  /// Follows whether the store can be reached (``TodoClient/reachabilityChanges``); what
  /// changed while it could not arrives through the observation once it is back.
  func watchReachability() -> Effect<Action> {
    .run { [todos] send in
      for await reachable in todos.reachabilityChanges() { send(.storeReachable(reachable)) }
    }
    .cancellable(id: ReachabilityID.watch, cancelInFlight: true)
  }

  /// Runs a write; its result arrives through the observation. A failure becomes
  /// ``Action/failed(_:)``.
  func write(
    _ listID: UUID, _ body: @escaping @Sendable (TodoClient) async throws -> Void
  ) -> Effect<Action> {
    write(listID) { todos, _ in try await body(todos) }
  }

  func write(
    _ listID: UUID,
    _ body: @escaping @Sendable (TodoClient, Send<Action>) async throws -> Void
  ) -> Effect<Action> {
    .run { [todos] send in
      try await body(todos, send)
    } catch: { error, send in
      send(.failed(Self.message(for: error)))
    }
  }

  /// The problem to show for an event whose text carries a control character
  /// (``TodoValidation/checkCharacters(_:field:)``), naming the field; `nil` if every text is
  /// acceptable. Such an event is not applied: nothing reaches the state or the store.
  func refusal(of texts: [(field: String, text: String)]) -> String? {
    do {
      for (field, text) in texts { try TodoValidation.checkCharacters(text, field: field) }
      return nil
    } catch {
      return error.description
    }
  }

  /// The calendar dates are read in: the browser's time zone once the page said it, the
  /// server's until then.
  func calendar(_ state: State) -> Calendar {
    var calendar = self.calendar
    if let zone = state.timeZone { calendar.timeZone = zone }
    return calendar
  }

  /// The deadline a todo added in a smart view gets: today in Today and Overdue, tomorrow
  /// in Upcoming (its first day), read in the browser's time zone.
  func smartDeadline(for view: SmartView, in state: State) -> Deadline? {
    let day = AgendaDay(now: date.now, calendar: calendar(state))
    let parts = view == .upcoming ? day.upcoming[0] : day.today
    return try? Deadline(year: parts[0], month: parts[1], day: parts[2])
  }

  /// An event named a todo the page does not show (it was deleted meanwhile).
  func missing(_ state: inout State, _ kind: String = "todo") -> Effect<Action> {
    state.problem = "That \(kind) no longer exists."
    return .none
  }

  static func message(for error: any Error) -> String {
    (error as? TodoError)?.description ?? "\(error)"
  }
}
