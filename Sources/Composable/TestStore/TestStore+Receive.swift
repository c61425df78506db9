extension TestStore {
  /// Waits for the next action an effect sends, asserts it equals `expectedAction`, and asserts
  /// how it changes the state.
  ///
  /// - Parameters:
  ///   - expectedAction: The action you expect.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state you
  ///     expect after it.
  ///   - timeout: How long to wait for the action; ``timeout`` by default.
  public func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      describing: String(customDumping: expectedAction),
      matching: { $0 == expectedAction },
      mismatch: { Self.difference(expected: expectedAction, received: $0) },
      updateStateToExpectedResult,
      timeout: timeout,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for the next action an effect sends, asserts it is of the case `actionCase`, and
  /// asserts how it changes the state.
  ///
  /// ```swift
  /// await store.receive(\.areasResponse.success) {
  ///   $0.isLoading = false
  ///   $0.areas = [.tokyo]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: A case key path to the expected case, possibly nested.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state you
  ///     expect after it.
  ///   - timeout: How long to wait for the action; ``timeout`` by default.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let caseName = String(describing: actionCase)
    await receiveAction(
      describing: "an action matching \(caseName)",
      matching: { $0[case: actionCase] != nil },
      mismatch: { Self.otherCase(than: caseName, received: $0) },
      updateStateToExpectedResult,
      timeout: timeout,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for the next action an effect sends, asserts it is of the case `actionCase` with the
  /// associated value `expectedValue`, and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.receive(\.areasResponse, .failure(.offline)) {
  ///   $0.alert = .loadFailed
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ expectedValue: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let caseName = String(describing: actionCase)
    await receiveAction(
      describing: "\(caseName) with \(String(customDumping: expectedValue))",
      matching: { $0[case: actionCase] == expectedValue },
      mismatch: { received in
        guard let value = received[case: actionCase] else {
          return Self.otherCase(than: caseName, received: received)
        }
        return Self.difference(expected: expectedValue, received: value)
      },
      updateStateToExpectedResult,
      timeout: timeout,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  // MARK: - Receiving

  /// What differs between the expected value and the received one, or the received value
  /// alone when their dumps do not differ.
  private static func difference<Value>(expected: Value, received: Value) -> String {
    diff(expected, received, format: .proportional)
      .map { "\($0.indented())\n\n(Expected: −, Received: +)" }
      ?? String(customDumping: received).indented()
  }

  /// The report of an action of another case than the expected one.
  private static func otherCase(than caseName: String, received: Action) -> String {
    "Expected an action matching \(caseName), received:\n\n"
      + String(customDumping: received).indented()
  }

  private func receiveAction(
    describing description: String,
    matching matches: @escaping (Action) -> Bool,
    mismatch: (Action) -> String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    timeout: Duration?,
    at location: _SourceLocation
  ) async {
    let log = self.log
    let exhaustive = exhaustivity == .on
    let arrived = await waitUntil(timeout ?? self.timeout) {
      log.withContents { contents in
        exhaustive
          ? !contents.received.isEmpty
          : contents.received.contains { matches($0.action) }
      }
    }
    guard arrived else {
      let running = store.runningEffectCount
      location.report(
        """
        Expected to receive \(description), but received no matching action within \
        \(timeout ?? self.timeout). \(running) effect(s) are still running.
        """
      )
      return
    }
    let received = log.withContents { contents in
      let index = exhaustive ? 0 : contents.received.firstIndex { matches($0.action) } ?? 0
      let skipped = contents.received[..<index]
      let received = contents.received[index]
      contents.received.removeFirst(index + 1)
      return (skipped: Array(skipped), received: received)
    }
    if let lastSkipped = received.skipped.last {
      state = lastSkipped.state
    }
    if !matches(received.received.action) {
      location.report("Received an unexpected action:\n\n" + mismatch(received.received.action))
    }
    expectState(received.received.state, updateStateToExpectedResult, at: location)
  }
}
