import Composable
import Foundation

extension LivePage {
  /// The identifier of the observation effect: observing another list replaces it.
  enum LoadID: Hashable, Sendable { case load }
  /// The identifier of the effect that follows the store's reachability.
  enum ReachabilityID: Hashable, Sendable { case watch }

  // MARK: - Browser events

  func reduceEvent(into state: inout State, action: Action) -> Effect<Action> {
    let problem = state.problem
    state.problem = nil
    switch action {
    case .onAppear:
      return .merge(load(state.listID), watchReachability())

    case .onDisappear:
      return .merge(.cancel(id: LoadID.load), .cancel(id: ReachabilityID.watch))

    case .add(let text):
      if let refused = refusal(of: [("title", text)]) {
        state.problem = refused
        return .none
      }
      guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .none }
      let entry = QuickEntry(parsing: text, now: date.now, calendar: calendar(state))
      let dismissed = state.quickDismissed && entry.phrase == state.newEntry?.phrase
      // In a smart view the todo goes to the Inbox, due on the view's day unless the text
      // names another.
      let listID = state.view == nil ? state.listID : state.inboxID
      let fallback = state.view.flatMap { smartDeadline(for: $0, in: state) }
      let draft =
        dismissed || entry.deadline == nil
        ? NewTodo(title: text, listID: listID, deadline: fallback)
        : NewTodo(title: entry.title, listID: listID, deadline: entry.deadline)
      state.newEntry = nil
      state.quickDismissed = false
      return write(state.listID) { todos in
        _ = try await todos.createTodo(draft)
      }

    case .typeNew(let text):
      let entry = QuickEntry(parsing: text, now: date.now, calendar: calendar(state))
      if entry.phrase != state.newEntry?.phrase { state.quickDismissed = false }
      state.newEntry = entry.deadline == nil ? nil : entry
      return .none

    case .dismissQuickDeadline:
      guard state.newEntry != nil else { return .none }
      state.quickDismissed = true
      return .none

    case .setTimeZone(let identifier):
      guard let zone = TimeZone(identifier: identifier) else {
        state.problem = "The browser's time zone \"\(identifier)\" is not one the server knows."
        return .none
      }
      state.timeZone = zone
      // The page says it again at its midnight: the day is read again, so "today", "overdue"
      // and the smart views follow the date even when no commit reaches the page.
      if state.loaded { state.now = date.now }
      return .none

    case .toggle(let id):
      guard let todo = state.shownTodo(id) else { return missing(&state) }
      let status: TodoStatus = todo.status == .done ? .notStarted : .done
      return write(state.listID) { todos in
        _ = try await todos.updateTodo(id, TodoPatch(status: status), nil)
      }

    case .setStatus(let id, let status):
      guard state.shownTodo(id) != nil else { return missing(&state) }
      return write(state.listID) { todos in
        _ = try await todos.updateTodo(id, TodoPatch(status: status), nil)
      }

    case .beginEdit(let id):
      guard state.shownTodo(id) != nil else { return missing(&state) }
      if let open = state.editor, open.todoID == id { return .none }
      state.editor = TodoEditor.State(todoID: id)
      return .send(.editor(.begin))

    case .restoreEdit(let id, let version, let fields):
      // The page may send this before it shows the todo's list (right after it connects):
      // the todo is looked up by the sheet, not in the shown list.
      if let refused = refusal(of: fields.texts) {
        state.problem = refused
        return .none
      }
      state.editor = TodoEditor.State(todoID: id)
      state.restoring = DraftRestore(version: version, fields: fields)
      return .send(.editor(.begin))

    case .saveEdit(let fields):
      return submit(fields, &state, then: .save)

    case .keepMine(let fields):
      guard state.editor?.problem?.theirs != nil else { return .none }
      return submit(fields, &state, then: .keepMine)

    case .useTheirs:
      guard state.editor?.problem?.theirs != nil else { return .none }
      return .send(.editor(.useTheirs))

    case .cancelEdit:
      guard state.editor != nil else { return .none }
      return .send(.editor(.cancel))

    case .requestDelete(let id):
      guard state.shownTodo(id) != nil else { return missing(&state) }
      state.confirmDelete = id
      return .none

    case .confirmDelete:
      guard let id = state.confirmDelete else { return .none }
      state.confirmDelete = nil
      return write(state.listID) { todos, send in
        send(.trashed([try await todos.trashTodo(id)]))
      }

    case .cancelDelete:
      state.confirmDelete = nil
      return .none

    case .undo:
      guard !state.undo.isEmpty else { return .none }
      let ids = state.undo.map(\.id)
      state.undo = []
      return write(state.listID) { todos in
        _ = try await todos.restoreTodos(ids)
      }

    case .dismissToast:
      state.undo = []
      return .none

    case .move(let id, let position):
      if let view = state.view {
        // A smart view is in deadline order: there is no order of the person's to change.
        state.problem = "\(view.name) is in deadline order; reorder todos in their list."
        return .none
      }
      guard state.todos.contains(where: { $0.id == id }) else { return missing(&state) }
      return write(state.listID) { todos in
        _ = try await todos.moveTodo(id, position)
      }

    case .search(let text):
      if let refused = refusal(of: [("text", text)]) {
        state.problem = refused
        return .none
      }
      state.search = text
      return .none

    case .setExpanded(let group, let expanded):
      if expanded { state.collapsed.remove(group) } else { state.collapsed.insert(group) }
      return .none

    case .chooseList(let id):
      guard state.lists.contains(where: { $0.id == id }) else {
        return missing(&state, "list")
      }
      state.listID = id
      state.view = nil
      state.editor = nil
      state.restoring = nil
      state.confirmDelete = nil
      state.confirmClear = false
      return load(id)

    case .chooseView(let view):
      state.view = view
      // Read the day now: a page left open overnight shows today's Today when it is chosen.
      state.now = date.now
      state.editor = nil
      state.restoring = nil
      state.confirmDelete = nil
      state.confirmClear = false
      return .none

    case .createList(let name):
      if let refused = refusal(of: [("name", name)]) {
        state.problem = refused
        return .none
      }
      guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .none }
      return write(state.listID) { todos, send in
        send(.listCreated(try await todos.createList(name)))
      }

    case .renameList(let id, let name):
      guard state.lists.contains(where: { $0.id == id }) else {
        return missing(&state, "list")
      }
      if let refused = refusal(of: [("name", name)]) {
        state.problem = refused
        return .none
      }
      return write(state.listID) { todos in
        _ = try await todos.renameList(id, name)
      }

    case .requestDeleteList(let id):
      guard state.lists.contains(where: { $0.id == id }) else {
        return missing(&state, "list")
      }
      guard id != state.inboxID else {
        state.problem = "The Inbox cannot be deleted."
        return .none
      }
      state.confirmDelete = nil
      state.confirmClear = false
      state.confirmDeleteList = id
      return .none

    case .confirmDeleteList:
      guard let id = state.confirmDeleteList else { return .none }
      state.confirmDeleteList = nil
      return write(state.listID) { todos in
        _ = try await todos.trashList(id)
      }

    case .cancelDeleteList:
      state.confirmDeleteList = nil
      return .none

    case .moveList(let id, let position):
      guard state.lists.contains(where: { $0.id == id }) else {
        return missing(&state, "list")
      }
      return write(state.listID) { todos in
        _ = try await todos.moveList(id, position)
      }

    case .chooseFilter(let filter):
      state.filter = filter
      return .none

    case .chooseLayout(let layout):
      state.layout = layout
      return .none

    case .sortByDeadline(let on):
      state.sortByDeadline = on
      return .none

    case .clearCompleted:
      guard state.view == nil, state.todos.contains(where: { $0.status == .done }) else {
        return .none
      }
      state.confirmDelete = nil
      state.confirmClear = true
      return .none

    case .confirmClear:
      guard state.confirmClear else { return .none }
      state.confirmClear = false
      let listID = state.listID
      return write(listID) { todos, send in
        send(.trashed(try await todos.trashTodos(listID, .done)))
      }

    case .cancelClear:
      state.confirmClear = false
      return .none

    default:
      state.problem = problem
      return reduceResult(into: &state, action: action)
    }
  }

  // MARK: - Results of effects

  func reduceResult(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loaded(let loaded):
      // A load of a list the page no longer shows, sent before its observation was replaced.
      guard loaded.listID == state.listID else { return .none }
      guard loaded.lists.contains(where: { $0.id == loaded.listID }) else {
        // The shown list went away (trashed here or elsewhere): show the Inbox.
        guard loaded.listID != state.inboxID else { return .none }
        state.listID = state.inboxID
        return load(state.inboxID)
      }
      state.loaded = true
      state.lists = loaded.lists
      state.listID = loaded.listID
      state.todos = loaded.todos
      state.todosListID = loaded.listID
      state.now = loaded.now
      state.sequence = loaded.sequence
      state.openCounts = loaded.openCounts
      state.agenda = loaded.agenda
      if let id = state.confirmDelete, state.shownTodo(id) == nil {
        state.confirmDelete = nil
      }
      if let id = state.confirmDeleteList, !loaded.lists.contains(where: { $0.id == id }) {
        state.confirmDeleteList = nil
      }
      // Cleared meanwhile, here or elsewhere: nothing is left to ask about.
      if state.confirmClear, !loaded.todos.contains(where: { $0.status == .done }) {
        state.confirmClear = false
      }
      return .none

    case .trashed(let trashed):
      state.undo = trashed
      return .none

    case .listCreated(let list):
      state.listID = list.id
      state.view = nil
      state.editor = nil
      state.restoring = nil
      state.confirmDelete = nil
      state.confirmClear = false
      return load(list.id)

    case .failed(let message):
      state.problem = message
      return .none

    case .storeReachable(let reachable):
      state.storeUnreachable = !reachable
      return .none

    case .editor(.began(let todo)):
      // The sheet opened with the todo as it is now; a draft brought back from a reload
      // replaces its fields, beside their version if the todo changed since.
      guard let restore = state.restoring, state.editor?.todoID == todo.id else { return .none }
      state.restoring = nil
      state.editor?.title = restore.fields.title
      state.editor?.notes = restore.fields.notes
      state.editor?.deadline = restore.fields.deadline
      state.editor?.status = restore.fields.status
      state.editor?.section = restore.fields.section
      if todo.version != restore.version { state.editor?.problem = .conflict(theirs: todo) }
      return .none

    case .editor(.failed):
      guard state.restoring != nil, state.editor?.original == nil else { return .none }
      // A kept draft whose todo is gone: nothing is left to edit.
      state.restoring = nil
      state.editor = nil
      state.problem = "The todo you were editing no longer exists; your unsaved edit was dropped."
      return .none

    case .editor(.saved), .editor(.cancel):
      state.editor = nil
      state.restoring = nil
      return .none

    default:
      return .none
    }
  }
}
