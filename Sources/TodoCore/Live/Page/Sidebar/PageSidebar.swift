import Composable
import Foundation

/// The live page's sidebar as a feature: the person's lists and the smart views above them.
///
/// Choosing a list or a view asks the page to show it (``Action/Delegate``): what the page
/// shows is every feature's business, so the page itself changes it. Creating, renaming and
/// moving lists write through ``TodoClient``; the lists come back through the page's
/// observation. (Deleting a list is ``PageTrash``'s, with the page's other questions.)
///
/// ```swift
/// let store = TestStore(initialState: PageSidebar.State(data: data, PageSidebar.Local())) {
///   PageSidebar()
/// }
/// await store.send(.chooseList(errands.id))
/// await store.receive(.delegate(.showList(errands.id)))
/// ```
public struct PageSidebar: Reducer {
  /// The sidebar keeps nothing of its own: the lists, the counts and the choice are the
  /// page's data.
  public struct Local: Equatable, Sendable {
    /// Creates the sidebar's state.
    public init() {}
  }

  /// The sidebar's state: the page's data.
  public typealias State = PageScoped<Local>

  /// The sidebar's events, and the results of its effects.
  @CasePathable
  public enum Action: Equatable, Sendable, PageFeatureAction {
    /// Show a list (and leave a smart view).
    case chooseList(UUID)
    /// Show a smart view (Today, Upcoming, Overdue) instead of a list; ``chooseList(_:)``
    /// goes back to a list.
    case chooseView(SmartView)
    /// Create a list with this name and show it.
    case createList(String)
    case renameList(UUID, String)
    /// Move a list just before or just after another in the sidebar.
    case moveList(UUID, MovePosition)
    case failed(String)
    /// What the page does for the sidebar.
    case delegate(Delegate)

    /// What the sidebar asks of the page.
    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// Show this list (chosen, or just created) instead of what the page shows.
      case showList(UUID)
      /// Show this smart view instead of a list.
      case showView(SmartView)
    }

    /// Whether the action is something the person did (not the result of an effect).
    var isEvent: Bool {
      switch self {
      case .chooseList, .chooseView, .createList, .renameList, .moveList: true
      case .failed, .delegate: false
      }
    }
  }

  /// The todo store (``TodoClient``).
  @Dependency(\.todoClient) var todos

  /// Creates the feature. It writes through the `todoClient` dependency.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .chooseList(let id):
      guard state.data.hasList(id) else {
        state.reportMissing("list")
        return .none
      }
      return .send(.delegate(.showList(id)))

    case .chooseView(let view):
      return .send(.delegate(.showView(view)))

    case .createList(let name):
      guard !state.refuses([("name", name)]),
        !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else { return .none }
      return todos.write { todos, send in
        send(.delegate(.showList(try await todos.createList(name).id)))
      }

    case .renameList(let id, let name):
      guard state.data.hasList(id) else {
        state.reportMissing("list")
        return .none
      }
      guard !state.refuses([("name", name)]) else { return .none }
      return todos.write { todos, _ in _ = try await todos.renameList(id, name) }

    case .moveList(let id, let position):
      guard state.data.hasList(id) else {
        state.reportMissing("list")
        return .none
      }
      return todos.write { todos, _ in _ = try await todos.moveList(id, position) }

    case .failed(let message):
      state.problem = message
      return .none

    case .delegate:
      return .none
    }
  }
}
