import Composable
import Foundation

/// What moves todos and lists to the trash on the live page, and brings them back: deleting a
/// todo, clearing the completed ones, deleting a list (each after a question), and Undo.
///
/// A new question dismisses those it replaces: asking to delete a list dismisses the questions
/// about todos, and "Clear completed" dismisses "Delete this todo?". What went to the trash comes
/// back as the page's data through its observation; Undo restores the todos of the last
/// delete or clear in one transaction.
///
/// ```swift
/// let store = TestStore(initialState: PageTrash.State(data: data, PageTrash.Local())) {
///   PageTrash()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// await store.send(.requestDelete(milk.id)) { $0.confirmDelete = milk.id }
/// ```
public struct PageTrash: Reducer {
  /// The questions waiting for an answer, and what Undo restores.
  public struct Local: Equatable, Sendable {
    /// The todo whose deletion waits for confirmation.
    public var confirmDelete: UUID?
    /// Whether "Clear completed" waits for confirmation.
    public var confirmClear = false
    /// The list whose deletion waits for confirmation.
    public var confirmDeleteList: UUID?
    /// The todos that Undo restores (one deleted todo, or the completed todos cleared);
    /// empty when there is nothing to undo.
    public var undo: [Todo] = []

    /// Creates the state of a page with no question and nothing to undo.
    public init() {}

    /// The page shows another list or view: the questions about the todos it showed go.
    mutating func leaveList() {
      confirmDelete = nil
      confirmClear = false
    }
  }

  /// The trash's state: its own, and the page's data.
  public typealias State = PageScoped<Local>

  /// The trash's events, and the results of its effects.
  @CasePathable
  public enum Action: Equatable, Sendable, PageFeatureAction {
    /// Ask whether to move a todo to the trash.
    case requestDelete(UUID)
    case confirmDelete
    case cancelDelete
    /// Ask whether to move the list's done todos to the trash.
    case clearCompleted
    case confirmClear
    case cancelClear
    /// Ask whether to move a list, with its todos, to the trash (not the Inbox).
    case requestDeleteList(UUID)
    case confirmDeleteList
    case cancelDeleteList
    /// Restore what the last delete or clear moved to the trash.
    case undo
    /// Hide the Undo toast.
    case dismissToast
    /// These todos went to the trash: Undo restores them.
    case trashed([Todo])
    case failed(String)

    /// Whether the action is something the person did (not the result of an effect).
    var isEvent: Bool {
      switch self {
      case .requestDelete, .confirmDelete, .cancelDelete, .clearCompleted, .confirmClear,
        .cancelClear, .requestDeleteList, .confirmDeleteList, .cancelDeleteList, .undo,
        .dismissToast:
        true
      case .trashed, .failed: false
      }
    }
  }

  /// The todo store (``TodoClient``).
  @Dependency(\.todoClient) var todos

  /// Creates the feature. It writes through the `todoClient` dependency.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .requestDelete(let id):
      guard state.found(state.data.shownTodo(id) != nil) else { return .none }
      state.confirmDelete = id
      return .none

    case .confirmDelete:
      guard let id = state.confirmDelete else { return .none }
      state.confirmDelete = nil
      return todos.write { todos, send in send(.trashed([try await todos.trashTodo(id)])) }

    case .cancelDelete:
      state.confirmDelete = nil
      return .none

    case .clearCompleted:
      guard state.data.view == nil, state.data.query == nil,
        state.data.todos.contains(where: { $0.status == .done })
      else { return .none }
      state.confirmDelete = nil
      state.confirmClear = true
      return .none

    case .confirmClear:
      guard state.confirmClear else { return .none }
      state.confirmClear = false
      let listID = state.data.listID
      return todos.write { todos, send in
        send(.trashed(try await todos.trashTodos(listID, .done)))
      }

    case .cancelClear:
      state.confirmClear = false
      return .none

    case .requestDeleteList(let id):
      guard state.found(state.data.hasList(id), "list") else { return .none }
      guard id != state.data.inboxID else {
        state.problem = "The Inbox cannot be deleted."
        return .none
      }
      state.local.leaveList()
      state.confirmDeleteList = id
      return .none

    case .confirmDeleteList:
      guard let id = state.confirmDeleteList else { return .none }
      state.confirmDeleteList = nil
      return todos.write { todos, _ in _ = try await todos.trashList(id) }

    case .cancelDeleteList:
      state.confirmDeleteList = nil
      return .none

    case .undo:
      guard !state.undo.isEmpty else { return .none }
      let ids = state.undo.map(\.id)
      state.undo = []
      return todos.write { todos, _ in _ = try await todos.restoreTodos(ids) }

    case .dismissToast:
      state.undo = []
      return .none

    case .trashed(let trashed):
      state.undo = trashed
      return .none

    case .failed(let message):
      state.problem = message
      return .none
    }
  }
}

extension PageScoped<PageTrash.Local> {
  /// The page's data changed (a commit here or elsewhere): a question about what is gone, or
  /// about nothing any more, goes.
  mutating func dropStaleQuestions() {
    if let id = local.confirmDelete, data.shownTodo(id) == nil { local.confirmDelete = nil }
    if let id = local.confirmDeleteList, !data.hasList(id) { local.confirmDeleteList = nil }
    // Cleared meanwhile, here or elsewhere: nothing is left to ask about.
    if local.confirmClear, !data.todos.contains(where: { $0.status == .done }) {
      local.confirmClear = false
    }
  }
}
