import Composable
import Foundation

/// Acknowledges the events a client numbered, once the page's data shows what they did.
///
/// A browser shows what an event will do before the server has answered (its prediction),
/// and keeps the prediction on top of what the server sends until the server says the event
/// is done: then the server's own state shows the event, and the prediction goes. Said too
/// early, the person would see the old state for a moment; so an event is acknowledged only
/// when its effects have finished (the write committed, or was refused with a problem) and
/// the page's observed data has reached the store's sequence read after them
/// (`TodoClient.publishedSequence`). A commit the page's observations do not show (another
/// server's, read between the write and that sequence) sends no value; the event is then
/// acknowledged after ``fallback`` all the same. The fallback is long on purpose: a
/// prediction kept too long shows what the server did anyway, while one dropped before a slow
/// observation (a loaded server) delivers would show the old state for a moment.
///
/// ``LivePage/State/acknowledged`` is the highest number whose events, and all before it,
/// are acknowledged; the page sends it in its chrome.
struct PageAcknowledgement<Base: Reducer<LivePage.State, LivePage.Action>>: Reducer {
  /// How long an event whose commit no observation shows waits before it is acknowledged.
  static var fallback: Duration { .seconds(5) }

  let base: Base
  /// The store, for the sequence a write reached.
  @Dependency(\.todoClient) var todos
  /// The clock of the fallback.
  @Dependency(\.continuousClock) var clock

  init(@ReducerBuilder<LivePage.State, LivePage.Action> _ base: () -> Base) {
    self.base = base()
  }

  func reduce(into state: inout LivePage.State, action: LivePage.Action) -> Effect<
    LivePage.Action
  > {
    switch action {
    case .numbered(let number, let event):
      let effect = base.reduce(into: &state, action: event)
      if event.showsInPageAlone {
        return .concatenate(effect, .run { send in send(.settled(number, .zero)) })
      }
      return .concatenate(
        effect,
        .run { [todos] send in send(.settled(number, todos.publishedSequence())) })

    case .settled(let number, let sequence):
      if state.data.observedSequence >= sequence {
        state.acknowledge(number)
        return .none
      }
      state.settling[number] = sequence
      return .run { [clock] send in
        try await clock.sleep(for: Self.fallback)
        send(.settleTimedOut(number))
      }

    case .settleTimedOut(let number):
      if state.settling.removeValue(forKey: number) != nil { state.acknowledge(number) }
      return .none

    case .loaded, .viewsLoaded:
      let effect = base.reduce(into: &state, action: action)
      let observed = state.data.observedSequence
      for (number, sequence) in state.settling where sequence <= observed {
        state.settling[number] = nil
        state.acknowledge(number)
      }
      return effect

    default:
      return base.reduce(into: &state, action: action)
    }
  }
}

extension LivePage.State {
  /// Marks event `number` done and moves ``acknowledged`` past every done event that follows
  /// it without a gap.
  mutating func acknowledge(_ number: Int) {
    guard number > acknowledged else { return }
    done.insert(number)
    while done.remove(acknowledged + 1) != nil { acknowledged += 1 }
  }
}

extension PageData {
  /// The newest change sequence the page's observed data reflects.
  var observedSequence: ChangeSequence { max(sequence, querySequence) }
}

extension LivePage.Action {
  /// Whether what the event does is the page's own state, shown as soon as it is reduced:
  /// collapsing a group. Its remembered copy (the person's ``OutlineState``) is no data the
  /// page observes, so the event is acknowledged once that write is done, without waiting
  /// for an observation that will not come.
  var showsInPageAlone: Bool {
    if case .list(.setExpanded) = self { return true }
    return false
  }
}
