import Composable

/// Holds a page's events until its data has loaded, then runs them in the order they came.
///
/// A page's first events can name what only the loaded data knows: a client that reconnects
/// tells its new page the list, view and search it showed as soon as the socket opens, before
/// the first load has read the lists, and the sidebar would refuse a list it does not know
/// yet. The page's own lifecycle (appearing, disappearing, its time zone) and the results of
/// its effects are never held.
///
/// The held events run one at a time, each through ``LivePage/Action/releaseHeld``: the store
/// queues the actions an event sends (the sidebar's choice of a list becomes the page's
/// `showList`) behind the next `releaseHeld`, so each event's own actions are done before the
/// next event runs, as when events arrive one by one. Events that arrive meanwhile wait
/// behind the held ones.
struct PageLoadGate<Base: Reducer<LivePage.State, LivePage.Action>>: Reducer {
  /// The most events a page holds; more, before the first load ends, are refused.
  static var limit: Int { 64 }

  let base: Base

  init(@ReducerBuilder<LivePage.State, LivePage.Action> _ base: () -> Base) {
    self.base = base()
  }

  func reduce(into state: inout LivePage.State, action: LivePage.Action) -> Effect<
    LivePage.Action
  > {
    if action == .releaseHeld {
      guard !state.heldEvents.isEmpty else {
        state.releasingHeld = false
        return .none
      }
      let event = state.heldEvents.removeFirst()
      return .merge(base.reduce(into: &state, action: event), .send(.releaseHeld))
    }
    if action.waitsForLoad, !state.data.loaded || !state.heldEvents.isEmpty {
      if state.heldEvents.count < Self.limit {
        state.heldEvents.append(action)
      } else {
        state.problem = "The page is still loading; try again in a moment."
        // Refused: a numbered event is done, and its prediction goes.
        if case .numbered(let number, _) = action { return .send(.settled(number, .zero)) }
      }
      return .none
    }
    let effect = base.reduce(into: &state, action: action)
    guard state.data.loaded, !state.heldEvents.isEmpty, !state.releasingHeld else { return effect }
    state.releasingHeld = true
    return .merge(effect, .send(.releaseHeld))
  }
}

extension LivePage.Action {
  /// Whether the action is something the person did that needs the page's data.
  var waitsForLoad: Bool {
    switch self {
    case .onAppear, .onDisappear, .setTimeZone: false
    default: isEvent
    }
  }
}
