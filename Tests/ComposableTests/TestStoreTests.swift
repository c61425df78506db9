import Composable
import Testing

@Suite struct TestStoreTests {
  let clock = TestClock()

  func makeStore() -> TestStore<Counter.State, Counter.Action> {
    let clock = clock
    return TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  // MARK: - Passing

  @Test func sendAssertsStateChange() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    #expect(store.state.count == 0)
  }

  @Test func receiveByValueAndByCase() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    await store.receive(.logged("first")) { $0.log.append("first") }
    await store.receive(\.logged) { $0.log.append("second") }
  }

  @Test func receiveCaseWithValue() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    await store.receive(\.logged, "first") { $0.log.append("first") }
    await store.receive(\.logged, "second") { $0.log.append("second") }
  }

  @Test func longLivingEffectWithClock() async {
    let store = makeStore()
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.sendTwice)
    await store.receive(.logged("second")) { $0.log = ["sendTwice", "first", "second"] }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.startTimer)
    // Effects still running and actions not received are not failures when exhaustivity is off.
  }

  @Test func nonExhaustiveSendSkipsReceivedActions() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.sendTwice)
    await store.send(.increment) { $0.count = 1 }
    #expect(store.state.log == ["sendTwice", "first", "second"])
  }

  @Test func skipReceivedActionsAndInFlightEffects() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    store.skipReceivedActions()
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    #expect(store.state.log == ["sendTwice", "first", "second"])
  }

  @Test func unhandledEffectErrorIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.fail)
      await store.finish()
    } matching: { issue in
      message(of: issue).contains("threw an unhandled error")
    }
  }

  // MARK: - Failing when it should

  @Test func wrongStateFailsWithDiff() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A state change does not match expectation")
        && text.contains("−   count: 2,") && text.contains("+   count: 1,")
    }
    // The store moves on to the actual state.
    await store.send(.increment) { $0.count = 2 }
  }

  @Test func unassertedStateChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      message(of: issue).contains("A state change does not match expectation")
    }
  }

  @Test func closureWithoutChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.stopTimer) { $0.count = 0 }
    } matching: { issue in
      message(of: issue).contains("Expected state to change, but no change occurred")
    }
  }

  @Test func sendingBeforeReceivingFails() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("received 2 unexpected action(s)") && text.contains(".logged(\"first\")")
    }
  }

  @Test func receivingTheWrongActionFails() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    await withKnownIssue {
      await store.receive(.logged("second")) { $0.log.append("first") }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Received an unexpected action") && text.contains("−")
    }
    await store.receive(.logged("second")) { $0.log.append("second") }
  }

  @Test func receivingWhenNothingArrivesFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(.increment, timeout: .milliseconds(20))
    } matching: { issue in
      message(of: issue).contains("Expected to receive")
    }
  }

  @Test func runningEffectFailsFinish() async {
    let store = makeStore()
    await store.send(.startTimer)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      message(of: issue).contains("1 effect(s) are still running")
    }
  }

  @Test func unreceivedActionsFailFinish() async {
    let store = makeStore()
    await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      message(of: issue).contains("received 2 unexpected action(s)")
    }
  }

  @Test func releasingWithRunningEffectFails() async {
    await withKnownIssue {
      let store = makeStore()
      await store.send(.startTimer)
    } matching: { issue in
      message(of: issue).contains("still running when the test store was released")
    }
  }

  @Test func releasingWithUnreceivedActionsFails() async {
    await withKnownIssue {
      let store = makeStore()
      await store.send(.sendTwice) { $0.log = ["sendTwice"] }
    } matching: { issue in
      message(of: issue).contains("received 2 unexpected action(s)")
    }
  }

  @Test func nonExhaustiveAssertionStillFails() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      message(of: issue).contains("+   count: 1")
        || message(of: issue).contains("count: 1")
    }
  }

  @Test func unimplementedDependencyFails() async {
    struct Fetcher: Reducer {
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        state = uuid().uuidString.count
        return .none
      }
    }
    let store = TestStore(initialState: 0) { Fetcher() }
    await withKnownIssue {
      await store.send(true) { $0 = 36 }
    }
  }
}
