import Composable

/// A row with a timer, to test `forEach` and `ifLet`.
struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A list of rows and an optional editor, each running `Row`.
struct Rows: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var editor: Row.State?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case remove(id: Int)
    case editor(Row.Action)
    case openEditor
    case closeEditor
    case stopAll
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      case .openEditor:
        state.editor = Row.State(id: 99)
        return .none
      case .closeEditor:
        state.editor = nil
        return .none
      case .stopAll:
        // The parent's identifier is not the rows' identifier: this cancels nothing of theirs.
        return .cancel(id: Row.CancelID.timer)
      case .rows, .editor:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .ifLet(\.editor, action: \.editor) { Row() }
  }
}
