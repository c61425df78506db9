import Testing

@testable import Composable

@Suite struct EffectTests {
  let clock = TestClock()

  @Test func composingNoneGivesNone() {
    #expect(isNone(Effect<Int>.merge(.none, .none)))
    #expect(isNone(Effect<Int>.concatenate([])))
    #expect(isNone(Effect<Int>.none.cancellable(id: "a", cancelInFlight: true)))
    #expect(isNone(Effect<Int>.none.map { $0 + 1 }))
    #expect(isNone(Effect<Int>.none.debounce(id: "a", for: .seconds(1), clock: clock)))
  }

  @Test func mergeAndConcatenateFlatten() {
    let merged = Effect<Int>.merge(.send(1), .merge(.send(2), .none), .send(3))
    guard case .merge(let effects) = merged.operation else {
      Issue.record("Expected a merge")
      return
    }
    #expect(effects.count == 3)
    let single = Effect<Int>.concatenate(.none, .send(4))
    guard case .send(4) = single.operation else {
      Issue.record("Expected the only effect itself")
      return
    }
  }

  @Test func mapTransformsSentActions() {
    guard case .send("7") = Effect<Int>.send(7).map(String.init).operation else {
      Issue.record("Expected .send(\"7\")")
      return
    }
  }

  @Test func sendDropsActionsAfterCancellation() async {
    let received = LockIsolated<[Int]>([])
    let send = Send<Int> { action in received.withValue { $0.append(action) } }
    let task = Task {
      send(1)
      withUnsafeCurrentTask { $0?.cancel() }
      send(2)
    }
    await task.value
    #expect(received.value == [1])
  }

  // MARK: - Running effects in a store

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let clock = clock
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "start":
          return .concatenate(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              send("slow")
            },
            .send("fast")
          )
        default:
          state.append(action)
          return .none
        }
      }
    }
    await store.send("start")
    await clock.advance(by: .seconds(1))
    await store.receive("slow") { $0 = ["slow"] }
    await store.receive("fast") { $0 = ["slow", "fast"] }
    await store.finish()
  }

  @Test func cancelInTheSameActionStopsEffectBeforeItStarts() async {
    let ran = LockIsolated(false)
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .merge(
          .run { _ in ran.setValue(true) }.cancellable(id: "work"),
          .cancel(id: "work")
        )
      }
    }
    store.send(true)
    #expect(store.runningEffectCount == 0)
    #expect(ran.value == false)
  }

  @Test func cancelStopsAConcatenationBeforeItsNextStepStarts() async {
    let ran = LockIsolated(false)
    let clock = clock
    let store = TestStore(initialState: 0) {
      Reduce<Int, String> { _, action in
        switch action {
        case "start":
          return .concatenate(
            .run { _ in try await clock.sleep(for: .seconds(1)) },
            .run { _ in ran.setValue(true) }
          )
          .cancellable(id: "work")
        default:
          return .cancel(id: "work")
        }
      }
    }
    await store.send("start")
    await store.send("cancel")
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(ran.value == false)
  }

  @Test func cancelInFlightKeepsOneEffectRunning() async {
    let clock = clock
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .milliseconds(500))
    await store.send(.startTimer)
    await clock.advance(by: .milliseconds(500))
    // The first timer would tick now; it was cancelled by the second.
    await store.send(.decrement) { $0.count = -1 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0.count = 0 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func debounceWaitsForQuietPeriod() async {
    let clock = clock
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        if action.hasPrefix("typed ") {
          return .send(String(action.dropFirst(6)))
            .debounce(id: "typing", for: .milliseconds(300), clock: clock)
        }
        state.append(action)
        return .none
      }
    }
    await store.send("typed a")
    await clock.advance(by: .milliseconds(200))
    await store.send("typed ab")
    await clock.advance(by: .milliseconds(299))
    await store.send("typed abc")
    await clock.advance(by: .milliseconds(300))
    await store.receive("abc") { $0 = ["abc"] }
    await store.finish()
  }

  @Test func catchHandlerTurnsErrorsIntoActions() async {
    struct Failure: Error {}
    let store = TestStore(initialState: "") {
      Reduce<String, String> { state, action in
        switch action {
        case "load":
          return .run { _ in
            throw Failure()
          } catch: { error, send in
            send("failed: \(error is Failure)")
          }
        default:
          state = action
          return .none
        }
      }
    }
    await store.send("load")
    await store.receive("failed: true") { $0 = "failed: true" }
  }

  @Test func cancellationIsNotAnError() async {
    let clock = clock
    let store = TestStore(initialState: 0) {
      Reduce<Int, String> { _, action in
        switch action {
        case "start":
          return .run { _ in try await clock.sleep(for: .seconds(10)) }
            .cancellable(id: "sleep")
        default:
          return .cancel(id: "sleep")
        }
      }
    }
    await store.send("start")
    await store.send("stop")
    await store.finish()
  }

  private func isNone<Action>(_ effect: Effect<Action>) -> Bool {
    if case .none = effect.operation { return true }
    return false
  }
}
