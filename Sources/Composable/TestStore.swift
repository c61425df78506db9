import Foundation

/// A store for tests that makes you assert every state change, every action effects send, and
/// that every effect finishes.
///
/// ```swift
/// @Test func search() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Search.State()) {
///     Search()
///   } withDependencies: {
///     $0.continuousClock = clock
///     $0.areaClient.fetchAreas = { [Area.tokyo, Area.osaka] }
///   }
///
///   await store.send(.queryChanged("to")) { $0.query = "to" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(\.fetch) { $0.isLoading = true }
///   await store.receive(\.areasResponse.success) {
///     $0.isLoading = false
///     $0.areas = [.tokyo]
///   }
/// }
/// ```
///
/// A mismatch is reported as an issue (a failure under XCTest and Swift Testing) with a diff of
/// the expected and the actual state: `−` lines are expected, `+` lines actual. With
/// ``Exhaustivity/on`` (the default), actions not received and effects still running when the
/// test store is released, or at ``finish(timeout:fileID:filePath:line:column:)``, fail too.
///
/// Effects run for real, on the dependencies you give: control time with a `TestClock` and
/// `receive` waits (up to ``timeout``) for the actions effects send.
public final class TestStore<State: Equatable & Sendable, Action: Sendable> {
  /// How strictly the test store checks the feature; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive(_:assert:timeout:)` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait for effects; one second by default.
  public var timeout: Duration = .seconds(1)

  /// The state the test has asserted so far: where the next expectation starts from.
  public internal(set) var state: State

  let store: Store<State, _TestAction<Action>>
  let log: _TestLog<State, Action>
  var sentCount = 0
  let location: _SourceLocation

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides the dependencies the reducer and its effects see. Any
  ///     dependency not overridden uses its test value, which usually fails when called.
  public init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let dependencies = withDependencies(prepareDependencies) { DependencyValues._current }
    let reducer = DependencyValues.$_current.withValue(dependencies) { reducer()._resolved() }
    let log = _TestLog<State, Action>()
    self.state = initialState
    self.log = log
    self.location = _SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.store = Store(
      initialState: initialState,
      reducer: _TestReducer(base: _AnyReducer(reducer)),
      dependencies: dependencies,
      didProcess: { action, state in log.record(action, state: state) }
    )
  }

  deinit {
    guard exhaustivity == .on else {
      store.cancelAllEffects()
      return
    }
    reportUnreceivedActions(at: location)
    let running = store.runningEffectCount
    if running > 0 {
      location.report(
        """
        \(running) effect(s) were still running when the test store was released.

        Every effect must finish before the end of the test: advance the test clock, send the \
        action that stops a long-living effect, or cancel it. "await store.finish()" waits for \
        effects and reports the ones that do not finish.
        """
      )
    }
    store.cancelAllEffects()
  }

  // MARK: - Sending

  /// Sends an action and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.toggleTapped) {
  ///   $0.isSearchEnabled = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state you
  ///     expect after it. Omit it when the action must not change the state.
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = _SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    if exhaustivity == .on {
      reportUnreceivedActions(
        at: location,
        summary: "Received actions must be asserted with \"receive\" before sending an action."
      )
    } else {
      skipReceivedActions()
    }
    sentCount += 1
    let target = sentCount
    store.send(.send(action))
    let log = self.log
    let processed = await waitUntil(timeout) {
      log.withContents { $0.sentCount >= target }
    }
    guard processed, let actual = log.withContents({ $0.stateAfterLastSend }) else {
      location.report(
        "The store did not process the action within \(timeout):\n\n"
          + String(customDumping: action).indented()
      )
      return
    }
    expectState(actual, updateStateToExpectedResult, at: location)
  }

  // MARK: - Checking state

  /// Compares the actual state after an action with the expected one and moves ``state`` on.
  func expectState(
    _ actual: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: _SourceLocation
  ) {
    defer { state = actual }
    var expected = exhaustivity == .on ? state : actual
    do {
      try updateStateToExpectedResult?(&expected)
    } catch {
      location.report(
        "The assertion closure threw an error:\n\n" + String(customDumping: error).indented()
      )
      return
    }
    if expected != actual {
      let difference =
        diff(expected, actual, format: .proportional)
        .map { "\($0.indented())\n\n(Expected: −, Actual: +)" }
        ?? "    (The states differ but print the same.)"
      location.report("A state change does not match expectation:\n\n" + difference)
    } else if exhaustivity == .on, updateStateToExpectedResult != nil, expected == state {
      location.report(
        """
        Expected state to change, but no change occurred.

        The assertion closure made no observable change to the state. If no change is expected, \
        omit the closure.
        """
      )
    }
  }

  /// Reports the actions effects sent that the test has not received, and forgets them.
  func reportUnreceivedActions(
    at location: _SourceLocation,
    summary: String = "Received actions must be asserted with \"receive\"."
  ) {
    let received = log.withContents { contents in
      defer { contents.received.removeAll() }
      return contents.received
    }
    guard let last = received.last else { return }
    state = last.state
    let list = received.map { String(customDumping: $0.action).indented() }
    location.report(
      "The store received \(received.count) unexpected action(s). \(summary)\n\n"
        + list.joined(separator: "\n")
    )
  }
}
