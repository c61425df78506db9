import Composable

/// The trivial reducer of the store benchmark: one counter, no effects.
struct Tally: Reducer {
  enum Action: Sendable {
    case increment
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= 1
    return .none
  }
}

/// Three levels of `Scope` above ``Tally``: every action is extracted and routed three times.
struct ScopedTally: Reducer {
  struct State: Sendable {
    var middle = Middle.State()
  }

  @CasePathable
  enum Action: Sendable {
    case middle(Middle.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.middle, action: \.middle) { Middle() }
  }

  struct Middle: Reducer {
    struct State: Sendable {
      var inner = Inner.State()
    }

    @CasePathable
    enum Action: Sendable {
      case inner(Inner.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.inner, action: \.inner) { Inner() }
    }
  }

  struct Inner: Reducer {
    struct State: Sendable {
      var count = 0
    }

    @CasePathable
    enum Action: Sendable {
      case tally(Tally.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.count, action: \.tally) { Tally() }
    }
  }

  /// The action that reaches ``Tally`` through all three levels.
  static let increment = Action.middle(.inner(.tally(.increment)))
}
