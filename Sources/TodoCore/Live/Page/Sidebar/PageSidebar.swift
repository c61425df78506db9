import Composable
import Foundation

/// The live page's sidebar as a feature: the person's lists, the smart views above them, and
/// their saved filters and tags below.
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
  /// The sidebar's own state: the question it asks. The lists, the filters, their counts and
  /// the choice are the page's data.
  public struct Local: Equatable, Sendable {
    /// The saved filter whose deletion waits for confirmation.
    public var confirmDeleteFilter: UUID?

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
    /// Show the todos a saved filter shows instead of a list.
    case chooseSavedFilter(UUID)
    /// Show the open todos with this tag instead of a list.
    case chooseTag(String)
    /// Rename a tag everywhere the person may edit (onto another tag: merge them) and set its
    /// colour: tag, new name, and a ``TagColor`` or empty for none. A page showing the tag
    /// follows it to its new name.
    case editTag(String, String, String)
    /// Show the todos a query typed now shows (``TodoQuery``), without saving it; a text that
    /// is no query is refused, saying where and what was expected.
    case showQuery(String)
    /// Save a query under a name (name, query) and show it.
    case saveFilter(String, String)
    /// Rename a saved filter and change its query (id, name, query).
    case editFilter(UUID, String, String)
    /// Ask before deleting a saved filter.
    case requestDeleteFilter(UUID)
    /// Delete the saved filter asked about (its todos stay as they are).
    case confirmDeleteFilter
    case cancelDeleteFilter
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
      /// Show what this query shows instead of a list.
      case showQuery(PageQuery)
    }

    /// Whether the action is something the person did (not the result of an effect).
    var isEvent: Bool {
      switch self {
      case .chooseList, .chooseView, .createList, .renameList, .moveList, .chooseSavedFilter,
        .chooseTag, .editTag, .showQuery, .saveFilter, .editFilter, .requestDeleteFilter,
        .confirmDeleteFilter, .cancelDeleteFilter:
        true
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
      guard state.found(state.data.hasList(id), "list") else { return .none }
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
      guard state.found(state.data.hasList(id), "list") else { return .none }
      guard !state.refuses([("name", name)]) else { return .none }
      return todos.write { todos, _ in _ = try await todos.renameList(id, name) }

    case .moveList(let id, let position):
      guard state.found(state.data.hasList(id), "list") else { return .none }
      return todos.write { todos, _ in _ = try await todos.moveList(id, position) }

    case .chooseSavedFilter(let id):
      guard let filter = state.found(state.data.filters.first(where: { $0.id == id }), "filter")
      else { return .none }
      return .send(.delegate(.showQuery(PageQuery(text: filter.query, filterID: id))))

    case .chooseTag(let name):
      guard !state.refuses([("tags", name)]) else { return .none }
      do {
        let tag = try TodoValidation.tags([name])
        return .send(.delegate(.showQuery(.tag(tag[0]))))
      } catch {
        state.problem = error.description
        return .none
      }

    case .editTag(let tag, let name, let colorName):
      guard !state.refuses([("tags", tag), ("tags", name)]) else { return .none }
      let color = TagColor(rawValue: colorName)
      guard colorName.isEmpty || color != nil else {
        state.problem =
          "colour: \"\(colorName.prefix(20))\" is not one of "
          + TagColor.allCases.map(\.rawValue).joined(separator: ", ")
        return .none
      }
      let shown = state.data.query?.tag?.lowercased() == tag.lowercased()
      return todos.write { todos, send in
        try await todos.editTag(tag, name, color)
        guard shown, let new = try TodoValidation.tags([name]).first else { return }
        send(.delegate(.showQuery(.tag(new))))
      }

    case .showQuery(let text):
      guard !state.refuses([("filter", text)]), state.reads(query: text) else { return .none }
      return .send(.delegate(.showQuery(PageQuery(text: text))))

    case .saveFilter(let name, let query):
      guard !state.refuses([("name", name), ("filter", query)]), state.reads(query: query) else {
        return .none
      }
      return todos.write { todos, send in
        let filter = try await todos.createSavedFilter(name, query)
        send(.delegate(.showQuery(PageQuery(text: filter.query, filterID: filter.id))))
      }

    case .editFilter(let id, let name, let query):
      guard state.found(state.data.filters.contains(where: { $0.id == id }), "filter") else {
        return .none
      }
      guard !state.refuses([("name", name), ("filter", query)]), state.reads(query: query) else {
        return .none
      }
      // The page follows the new text when the views' observation delivers it.
      return todos.write { todos, _ in _ = try await todos.updateSavedFilter(id, name, query) }

    case .requestDeleteFilter(let id):
      guard state.found(state.data.filters.contains(where: { $0.id == id }), "filter") else {
        return .none
      }
      state.confirmDeleteFilter = id
      return .none

    case .confirmDeleteFilter:
      guard let id = state.confirmDeleteFilter else { return .none }
      state.confirmDeleteFilter = nil
      // A page showing the filter goes back to its list when the filter is gone.
      return todos.write { todos, _ in try await todos.deleteSavedFilter(id) }

    case .cancelDeleteFilter:
      state.confirmDeleteFilter = nil
      return .none

    case .failed(let message):
      state.problem = message
      return .none

    case .delegate:
      return .none
    }
  }
}

extension PageScoped<PageSidebar.Local> {
  /// Whether `text` reads as a query; if not, the problem says where and what was expected.
  mutating func reads(query text: String) -> Bool {
    do {
      _ = try TodoQuery(parsing: text)
      return true
    } catch {
      problem = error.description
      return false
    }
  }
}
