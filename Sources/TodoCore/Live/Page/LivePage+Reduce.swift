import Composable
import Foundation

extension LivePage {
  /// The identifier of the observation effect: observing another list replaces it.
  enum LoadID: Hashable, Sendable { case load }
  /// The identifier of the effect that follows the store's reachability.
  enum ReachabilityID: Hashable, Sendable { case watch }
  /// The identifier of the observation of the saved filters and the chosen query: observing
  /// another query (or another day) replaces it.
  enum ViewsID: Hashable, Sendable { case views }

  /// What the page does itself, after its features: loading, the time zone, and showing the
  /// list or view the sidebar asks for.
  func reducePage(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .merge(
        load(state.data.listID), watchViews(state.data), watchReachability(), watchReminders(),
        loadOutline())

    case .onDisappear:
      return .merge(
        .cancel(id: LoadID.load), .cancel(id: ViewsID.views), .cancel(id: ReachabilityID.watch),
        .cancel(id: RingingID.watch))

    case .setTimeZone(let identifier):
      guard let zone = TimeZone(identifier: identifier) else {
        state.problem = "The browser's time zone \"\(identifier)\" is not one the server knows."
        return .none
      }
      state.data.timeZone = zone
      // The page says it again at its midnight: the day is read again, so "today", "overdue"
      // and the smart views follow the date even when no commit reaches the page.
      if state.data.loaded { state.data.now = date.now }
      // The views' "today" is read again too.
      return watchViews(state.data)

    case .sidebar(.delegate(.showList(let id))):
      state.data.listID = id
      state.data.view = nil
      return .merge(leaveList(&state), load(id), leaveQuery(&state))

    case .sidebar(.delegate(.showView(let view))):
      state.data.view = view
      // Read the day now: a page left open overnight shows today's Today when it is chosen.
      state.data.now = date.now
      return .merge(leaveList(&state), leaveQuery(&state))

    case .sidebar(.delegate(.showQuery(let query))):
      state.data.view = nil
      state.data.query = query
      state.data.queryTodos = []
      state.data.querySequence = .zero
      state.data.now = date.now
      return .merge(leaveList(&state), watchViews(state.data))

    case .viewsLoaded(let views):
      if let query = state.data.query, let id = query.filterID {
        guard let filter = views.filters.first(where: { $0.id == id }) else {
          let first = state.data.querySequence == .zero
          state.data.apply(views)
          // The first value for a filter just saved here may come from the views the
          // person's other pages share, from before the save: the next one has it.
          if first { return .none }
          // The saved filter shown was deleted (here or elsewhere): show the list.
          return leaveQuery(&state)
        }
        guard filter.query == query.text else {
          // Its text changed: show what the new text shows.
          state.data.apply(views)
          state.data.query?.text = filter.query
          return watchViews(state.data)
        }
      }
      state.data.apply(views)
      state[scope: \.trash].dropStaleQuestions()
      return .none

    case .loaded(let loaded):
      // A load of a list the page no longer shows, sent before its observation was replaced.
      guard loaded.listID == state.data.listID else { return .none }
      guard loaded.lists.contains(where: { $0.id == loaded.listID }) else {
        // The shown list went away (trashed here or elsewhere): show the Inbox.
        guard loaded.listID != state.data.inboxID else { return .none }
        state.data.listID = state.data.inboxID
        return load(state.data.inboxID)
      }
      state.data.apply(loaded)
      state[scope: \.trash].dropStaleQuestions()
      return .none

    case .failed(let message):
      state.problem = message
      return .none

    case .storeReachable(let reachable):
      state.storeUnreachable = !reachable
      return .none

    case .sidebar, .list, .search, .trash, .editor, .reminders, .releaseHeld, .numbered, .settled,
      .settleTimedOut:
      return .none
    }
  }

  /// Reads the outline groups the person collapsed on their other pages (nothing to send
  /// when there are none).
  private func loadOutline() -> Effect<Action> {
    todos.write { todos, send in
      let groups = try await todos.collapsedGroups()
      if !groups.isEmpty { await send(.outlineLoaded(groups)) }
    }.map { .list($0) }
  }

  /// The page shows another list or view: what was open over the list goes, the sheet with
  /// what it was doing (through the editor's reducer, whose `ifLet` cancels it).
  private func leaveList(_ state: inout State) -> Effect<Action> {
    state.trash.leaveList()
    return PageEditor(sessions: sessions).reduce(into: &state[scope: \.editor], action: .close)
      .map { .editor($0) }
  }

  /// Observes the lists and the todos of `listID` (``TodoService/observe(list:)``): the
  /// current ones first, then every committed change, from any page, process or client.
  /// Observing another list cancels the previous observation.
  func load(_ listID: UUID) -> Effect<Action> {
    .feed(todos.observeList(listID)) { [date] in
      .loaded(Loaded($0, now: date.now))
    } failure: {
      .failed(TodoClient.message(for: $0))
    }
    .cancellable(id: LoadID.load, cancelInFlight: true)
  }

  /// The page shows a list or a smart view again, not a query: the query's observation
  /// ends, the filters' counts go on.
  private func leaveQuery(_ state: inout State) -> Effect<Action> {
    guard state.data.query != nil else { return .none }
    state.data.query = nil
    state.data.queryTodos = []
    state.data.querySequence = .zero
    return watchViews(state.data)
  }

  /// Observes the saved filters with their counts and the chosen query's todos
  /// (``TodoService/observeViews(showing:timeZone:)``), in the page's time zone. Observing
  /// another query cancels the previous observation.
  func watchViews(_ data: PageData) -> Effect<Action> {
    .feed(todos.observeViews(data.query?.text, data.timeZone ?? .current)) {
      .viewsLoaded($0)
    } failure: {
      .failed(TodoClient.message(for: $0))
    }
    .cancellable(id: ViewsID.views, cancelInFlight: true)
  }

  /// Follows whether the store can be reached (``TodoClient/reachabilityChanges``); what
  /// changed while it could not arrives through the observation once it is back.
  func watchReachability() -> Effect<Action> {
    .feed(todos.reachabilityChanges()) { .storeReachable($0) }
      .cancellable(id: ReachabilityID.watch, cancelInFlight: true)
  }
}

extension LivePage.Action {
  /// Whether the action is something the person did: it clears the last problem. The
  /// results of effects keep it.
  var isEvent: Bool {
    switch self {
    case .onAppear, .onDisappear, .setTimeZone: true
    case .loaded, .viewsLoaded, .failed, .storeReachable, .releaseHeld, .settled, .settleTimedOut:
      false
    case .numbered(_, let action): action.isEvent
    case .sidebar(let action): action.isEvent
    case .list(let action): action.isEvent
    case .search: true
    case .trash(let action): action.isEvent
    case .editor(let action): action.isEvent
    case .reminders(let action): action.isEvent
    }
  }
}

// MARK: - The features' state

extension LivePage.State {
  /// A feature's state: its own part `local` of the page's state, with the page's data and
  /// problem, which the feature may change too. Every feature is scoped through it
  /// (``LivePage/body``).
  subscript<Local>(scope local: WritableKeyPath<Self, Local>) -> PageScoped<Local> {
    get { PageScoped(data: data, problem: problem, self[keyPath: local]) }
    set {
      data = newValue.data
      problem = newValue.problem
      self[keyPath: local] = newValue.local
    }
  }
}

extension LivePage.Loaded {
  /// What a value of the list's observation (``TodoService/observe(list:)``) gives the page,
  /// read at `now`.
  public init(_ value: ListObservation, now: Date) {
    self.init(
      lists: value.lists, listID: value.listID, todos: value.todos, now: now,
      sequence: value.sequence, openCounts: value.openCounts, agenda: value.agenda,
      tagCounts: value.tagCounts, members: value.members, parentTitles: value.parentTitles)
  }
}
