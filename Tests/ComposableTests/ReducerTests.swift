import Composable
import Testing

@Suite struct ReducerTests {
  let clock = TestClock()

  func makeStore(_ state: Rows.State) -> TestStore<Rows.State, Rows.Action> {
    let clock = clock
    return TestStore(initialState: state) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  // MARK: - Builder

  @Test func builderRunsReducersInOrderWithConditionsAndLoops() {
    struct Steps: Reducer {
      var includeOptional: Bool
      var useFirst: Bool

      var body: some Reducer<[String], Bool> {
        Reduce { state, _ in
          state.append("start")
          return .none
        }
        if includeOptional {
          Reduce { state, _ in
            state.append("optional")
            return .none
          }
        }
        if useFirst {
          Reduce { state, _ in
            state.append("first")
            return .none
          }
        } else {
          Reduce { state, _ in
            state.append("second")
            return .none
          }
        }
        for index in 0..<2 {
          Reduce { state, _ in
            state.append("loop \(index)")
            return .none
          }
        }
      }
    }
    var state: [String] = []
    _ = Steps(includeOptional: true, useFirst: false).reduce(into: &state, action: true)
    #expect(state == ["start", "optional", "second", "loop 0", "loop 1"])
    state = []
    _ = Steps(includeOptional: false, useFirst: true).reduce(into: &state, action: true)
    #expect(state == ["start", "first", "loop 0", "loop 1"])
  }

  @Test func emptyBuilderAndCombineReducers() {
    var count = 0
    let combined = CombineReducers {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
      EmptyReducer()
      Reduce { state, _ in
        state *= 10
        return .none
      }
    }
    _ = combined.reduce(into: &count, action: ())
    #expect(count == 10)
  }

  @Test func storeBuildsBodiesOncePerStoreNotPerAction() {
    let builds = LockIsolated(0)
    let store = Store(initialState: CounterParent.State()) {
      CountingBody(builds: builds)
    }
    for _ in 0..<5 { store.send(.counter(.increment)) }
    #expect(store.state.counter.count == 5)
    #expect(store.state.parentSawCount == 5)
    // The root body once, and the nested parent's body once.
    #expect(builds.value == 2)
  }

  // MARK: - Scope

  @Test func scopeRunsChildBeforeParent() async {
    let store = TestStore(initialState: CounterParent.State()) { CounterParent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.parentSawCount = 1
    }
    await store.send(.counter(.sendTwice)) { $0.counter.log = ["sendTwice"] }
    await store.receive(\.counter.logged) { $0.counter.log.append("first") }
    await store.receive(.counter(.logged("second"))) { $0.counter.log.append("second") }
  }

  @Test func scopeByGeneratedCasePathRoutesLikeTheKeyPath() async {
    let store = TestStore(initialState: CounterParent.State()) {
      Scope(state: \.counter, action: CounterParent.Action.allCasePaths.counter) { Counter() }
    }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.sendTwice)) { $0.counter.log = ["sendTwice"] }
    await store.receive(\.counter.logged) { $0.counter.log.append("first") }
    await store.receive(.counter(.logged("second"))) { $0.counter.log.append("second") }
  }

  // MARK: - forEach

  @Test func forEachKeepsElementCancellationApartAndCancelsRemovedElements() async {
    let store = makeStore(Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 2, action: .start)))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    // Both rows use Row.CancelID.timer; stopping row 1 leaves row 2 running.
    await store.send(.rows(.element(id: 1, action: .stop)))
    // And the parent's identical identifier reaches neither.
    await store.send(.stopAll)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func forEachReportsActionForMissingElement() async {
    let store = makeStore(Rows.State(rows: [Row.State(id: 1)]))
    await withKnownIssue {
      await store.send(.rows(.element(id: 7, action: .tick)))
    } matching: { issue in
      message(of: issue).contains("not in the collection")
    }
  }

  // MARK: - ifLet

  @Test func ifLetCancelsChildEffectsWhenStateGoesAway() async {
    let store = makeStore(Rows.State())
    await store.send(.openEditor) { $0.editor = Row.State(id: 99) }
    await store.send(.editor(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.editor(.tick)) { $0.editor?.ticks = 1 }
    await store.send(.closeEditor) { $0.editor = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func ifLetReportsChildActionWhileNil() async {
    let store = makeStore(Rows.State())
    await withKnownIssue {
      await store.send(.editor(.tick))
    } matching: { issue in
      message(of: issue).contains("child state was nil")
    }
  }
}

/// A parent that scopes to `Counter` and reads the child's state after it ran.
struct CounterParent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var parentSawCount = 0
  }
  @CasePathable
  enum Action: Equatable, Sendable { case counter(Counter.Action) }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, _ in
      state.parentSawCount = state.counter.count
      return .none
    }
  }
}

/// Counts how many times its body, and its child's body, are built.
struct CountingBody: Reducer {
  let builds: LockIsolated<Int>

  var body: some Reducer<CounterParent.State, CounterParent.Action> {
    let _ = builds.withValue { $0 += 1 }
    CombineReducers {
      CountingParent(builds: builds)
    }
  }
}

/// ``CounterParent`` that counts how many times its body is built.
struct CountingParent: Reducer {
  let builds: LockIsolated<Int>

  var body: some Reducer<CounterParent.State, CounterParent.Action> {
    let _ = builds.withValue { $0 += 1 }
    CounterParent()
  }
}
