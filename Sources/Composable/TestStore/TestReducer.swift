import Foundation
import Synchronization

/// Where an action processed by a test store's store came from.
enum _TestAction<Action: Sendable>: Sendable {
  /// Sent by the test.
  case send(Action)
  /// Sent by an effect.
  case receive(Action)
}

/// Runs a feature's reducer for a test store, marking every action its effects send as
/// received.
struct _TestReducer<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base

  func reduce(
    into state: inout Base.State, action: _TestAction<Base.Action>
  ) -> Effect<_TestAction<Base.Action>> {
    switch action {
    case .send(let action), .receive(let action):
      return base.reduce(into: &state, action: action).map { .receive($0) }
    }
  }
}

/// What the store behind a test store has processed and the test has not yet asserted.
///
/// Written by whichever thread processes actions, read by the test.
final class _TestLog<State: Sendable, Action: Sendable>: Sendable {
  struct Received: Sendable {
    let action: Action
    let state: State
  }

  struct Contents {
    /// How many actions sent by the test have been processed.
    var sentCount = 0
    /// The state after the last action sent by the test.
    var stateAfterLastSend: State?
    /// Actions sent by effects, in order, with the state after each.
    var received: [Received] = []
  }

  private let contents = Mutex(Contents())

  /// Reads or changes the contents inside their mutex.
  func withContents<T: Sendable>(_ body: (inout Contents) -> T) -> T {
    contents.withLock { body(&$0) }
  }

  func record(_ action: _TestAction<Action>, state: State) {
    withContents { contents in
      switch action {
      case .send:
        contents.sentCount += 1
        contents.stateAfterLastSend = state
      case .receive(let action):
        contents.received.append(Received(action: action, state: state))
      }
    }
  }
}
