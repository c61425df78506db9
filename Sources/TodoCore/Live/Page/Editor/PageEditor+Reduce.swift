import Composable
import Foundation

extension PageEditor {
  /// The page's events for the sheet, and what the page does when the sheet has begun,
  /// failed, saved or cancelled (the sheet's own reducer runs first).
  func reduceEvent(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .beginEdit(let id):
      guard state.found(state.data.shownTodo(id) != nil) else { return .none }
      if let open = state.sheet, open.todoID == id { return .none }
      state.sheet = TodoEditor.State(todoID: id)
      return .send(.sheet(.begin))

    case .restoreEdit(let id, let version, let fields):
      // The page may send this before it shows the todo's list (right after it connects):
      // the todo is looked up by the sheet, not in the shown list.
      guard !state.refuses(fields.texts) else { return .none }
      state.sheet = TodoEditor.State(todoID: id)
      state.restoring = DraftRestore(version: version, fields: fields)
      return .send(.sheet(.begin))

    case .saveEdit(let fields):
      return submit(fields, &state, then: .save)

    case .keepMine(let fields):
      guard state.sheet?.problem?.theirs != nil else { return .none }
      return submit(fields, &state, then: .keepMine)

    case .useTheirs:
      guard state.sheet?.problem?.theirs != nil else { return .none }
      return .send(.sheet(.useTheirs))

    case .cancelEdit:
      guard state.sheet != nil else { return .none }
      return .send(.sheet(.cancel))

    case .skipOccurrence:
      guard let sheet = state.sheet, sheet.original?.recurrence != nil else { return .none }
      let id = sheet.todoID
      return .concatenate(
        .send(.sheet(.cancel)),
        .run { [todos] _ in
          _ = try await todos.skipOccurrence(id)
        } catch: { error, send in
          send(.skipFailed((error as? TodoError)?.description ?? "\(error)"))
        })

    case .skipFailed(let message):
      state.problem = message
      return .none

    case .close:
      state.sheet = nil
      state.restoring = nil
      return .none

    case .sheet(.began(let todo)):
      // The sheet opened with the todo as it is now; a draft brought back from a reload
      // replaces its fields, beside their version if the todo changed since.
      guard let restore = state.restoring, state.sheet?.todoID == todo.id else { return .none }
      state.restoring = nil
      state.sheet?.title = restore.fields.title
      state.sheet?.notes = restore.fields.notes
      state.sheet?.deadline = restore.fields.deadline
      state.sheet?.status = restore.fields.status
      state.sheet?.section = restore.fields.section
      if let text = restore.fields.repeat { state.sheet?.repeatText = text }
      if let on = restore.fields.afterCompletion { state.sheet?.afterCompletion = on }
      if let start = restore.fields.start { state.sheet?.start = start }
      if let on = restore.fields.someday { state.sheet?.someday = on }
      if let priority = restore.fields.priority { state.sheet?.priority = priority }
      if let tags = restore.fields.tags { state.sheet?.tags = tags }
      if let assignee = restore.fields.assignee { state.sheet?.assignee = assignee }
      if todo.version != restore.version { state.sheet?.problem = .conflict(theirs: todo) }
      return .none

    case .sheet(.failed):
      guard state.restoring != nil, state.sheet?.original == nil else { return .none }
      // A kept draft whose todo is gone: nothing is left to edit.
      state.restoring = nil
      state.sheet = nil
      state.problem = "The todo you were editing no longer exists; your unsaved edit was dropped."
      return .none

    case .sheet(.saved), .sheet(.cancel):
      state.sheet = nil
      state.restoring = nil
      return .none

    case .sheet:
      return .none
    }
  }

  /// Sets the sheet's fields as the page sent them, then saves them (`save`, or `keepMine`
  /// after a conflict). Text with a control character is refused in the sheet, and nothing
  /// is applied.
  private func submit(
    _ fields: Fields, _ state: inout State, then action: TodoEditorAction
  ) -> Effect<Action> {
    guard let sheet = state.sheet, sheet.phase == .editing else { return .none }
    if let refused = State.refusal(of: fields.texts) {
      state.sheet?.problem = EditorProblem(
        message: refused, currentVersion: sheet.problem?.currentVersion,
        theirs: sheet.problem?.theirs)
      return .none
    }
    return .concatenate(.send(.sheet(.setFields(fields))), .send(.sheet(action)))
  }
}
