import Composable
import Foundation
import Testing

@Suite struct StoreTests {
  @Test func processesActionsInOrderAndNotifiesObservers() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let seen = LockIsolated<[Int]>([])
    let observation = store.observe { state in seen.withValue { $0.append(state.count) } }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(seen.value == [1, 2, 1])
    #expect(store.state.count == 1)
    observation.cancel()
    store.send(.increment)
    #expect(seen.value == [1, 2, 1])
  }

  @Test func releasingObservationStopsIt() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let seen = LockIsolated(0)
    var observation: StoreObservation? = store.observe { _ in seen.withValue { $0 += 1 } }
    store.send(.increment)
    withExtendedLifetime(observation) {}
    observation = nil
    store.send(.increment)
    #expect(seen.value == 1)
  }

  @Test func sentActionsFromEffectsRunAfterTheCurrentAction() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.sendTwice)
    #expect(store.state.log == ["sendTwice", "first", "second"])
  }

  @Test func sendsFromObserversAreQueuedNotInterleaved() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let seen = LockIsolated<[Int]>([])
    let observation = store.observe { [weak store] state in
      seen.withValue { $0.append(state.count) }
      if state.count == 1 {
        store?.send(.increment)
        // The re-entrant action is queued: this callback still sees its own state.
        seen.withValue { $0.append(-1) }
      }
    }
    store.send(.increment)
    #expect(seen.value == [1, -1, 2])
    #expect(store.state.count == 2)
    withExtendedLifetime(observation) {}
  }

  @Test func concurrentSendsAreSerialised() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let seen = LockIsolated<[Int]>([])
    let observation = store.observe { state in seen.withValue { $0.append(state.count) } }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<500 { store.send(.increment) }
        }
      }
    }
    #expect(store.state.count == 4_000)
    // Every action was processed alone and observed in order.
    #expect(seen.value == Array(1...4_000))
    withExtendedLifetime(observation) {}
  }

  @Test func statesStartWithCurrentStateThenFollowEveryChange() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    let states = store.states()
    store.send(.increment)
    store.send(.decrement)
    var iterator = states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 1)
    #expect(await iterator.next()?.count == 2)
    #expect(await iterator.next()?.count == 1)
  }

  @Test(.timeLimit(.minutes(1))) func effectsSendActionsBack() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let states = store.states()
    store.send(.incrementAfter(.seconds(5)))
    for await state in states where state.count == 1 { break }
    #expect(store.state.count == 1)
  }

  @Test(.timeLimit(.minutes(1))) func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    let (events, report) = AsyncStream<EffectEnd>.makeStream()
    var store: Store<Int, Bool>? = Store(initialState: 0) {
      Reduce { _, _ in
        .run { _ in
          do {
            try await clock.sleep(for: .seconds(3_600))
            report.yield(.finished)
          } catch {
            report.yield(.cancelled)
          }
        }
      }
    }
    store?.send(true)
    #expect(store?.runningEffectCount == 1)
    weak let released = store
    store = nil
    #expect(released == nil)
    // Were the effect still running, this would let it finish: the next event tells which.
    await clock.advance(by: .seconds(3_600))
    var ends = events.makeAsyncIterator()
    #expect(await ends.next() == .cancelled)
  }

  @Test(.timeLimit(.minutes(1))) func reducerAndEffectsUseTheStoresDependencies() async {
    let store = Store(initialState: [Date]()) {
      DateRecorder()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    let states = store.states()
    // Sent from a context with other dependencies: the store's own still apply.
    await withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 2)
    } operation: {
      await Task { store.send(.record) }.value
    }
    for await dates in states where dates.count == 2 { break }
    #expect(store.state == [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 1)])
  }

  @Test(.timeLimit(.minutes(1))) func effectsKeepTheDependenciesOfWhereTheyWereCreated() async {
    let effect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 5)
    } operation: {
      Effect<DateRecorder.Action>.run { send in
        @Dependency(\.date.now) var now
        send(.recorded(now))
      }
    }
    let store = Store(initialState: [Date]()) {
      Reduce<[Date], DateRecorder.Action> { dates, action in
        switch action {
        case .record: return effect
        case .recorded(let date):
          dates.append(date)
          return .none
        }
      }
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    let states = store.states()
    store.send(.record)
    for await dates in states where dates.count == 1 { break }
    #expect(store.state == [Date(timeIntervalSince1970: 5)])
  }

  @Test(.timeLimit(.minutes(1))) func cancellationIdentifiersBelongToOneStore() async {
    let clock = TestClock()
    let (events, report) = AsyncStream<TimerEvent>.makeStream()
    let first = TimerEvent.timerStore(named: "first", clock: clock, report: report)
    let second = TimerEvent.timerStore(named: "second", clock: clock, report: report)
    first.send(.start)
    second.send(.start)
    first.send(.stop)
    // One tick later: the first timer has ended and the second one ticked. Had the stop
    // cancelled the second timer too, or not the first, the two events would differ.
    await clock.advance(by: .seconds(1))
    var iterator = events.makeAsyncIterator()
    var seen: Set<TimerEvent> = []
    while seen.count < 2, let event = await iterator.next() { seen.insert(event) }
    #expect(seen == [.ended("first"), .tick("second")])
    #expect(second.runningEffectCount == 1)
    second.cancelAllEffects()
    // A timer still running would tick once more instead of ending.
    await clock.advance(by: .seconds(1))
    #expect(await iterator.next() == .ended("second"))
  }
}

/// How an effect of a test ended.
enum EffectEnd: Equatable, Sendable {
  case finished
  case cancelled
}

/// What the timer effect of ``TimerEvent/timerStore(named:clock:report:)`` reports, in the
/// order it happens.
enum TimerEvent: Hashable, Sendable {
  case tick(String)
  case ended(String)

  enum Action: Sendable {
    case start
    case stop
    case tick
  }

  /// The cancellation identifier every timer store uses: the same value in each store.
  enum CancelID { case timer }

  /// A store counting the ticks of a cancellable timer on `clock`, whose effect reports each
  /// tick and its end, under `name`.
  static func timerStore(
    named name: String, clock: TestClock<Duration>, report: AsyncStream<TimerEvent>.Continuation
  ) -> Store<Int, Action> {
    Store(initialState: 0) {
      Reduce<Int, Action> { ticks, action in
        switch action {
        case .start:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              report.yield(.tick(name))
              send(.tick)
            }
            report.yield(.ended(name))
          }
          .cancellable(id: CancelID.timer, cancelInFlight: true)
        case .stop:
          return .cancel(id: CancelID.timer)
        case .tick:
          ticks += 1
          return .none
        }
      }
    }
  }
}

/// Records the `date` dependency in its reducer and in an effect.
struct DateRecorder: Reducer {
  enum Action: Sendable {
    case record
    case recorded(Date)
  }

  @Dependency(\.date.now) var now

  func reduce(into state: inout [Date], action: Action) -> Effect<Action> {
    switch action {
    case .record:
      state.append(now)
      return .run { send in
        @Dependency(\.date.now) var now
        send(.recorded(now))
      }
    case .recorded(let date):
      state.append(date)
      return .none
    }
  }
}
