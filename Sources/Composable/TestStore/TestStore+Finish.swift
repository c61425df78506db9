extension TestStore {
  /// Waits for every running effect to finish, then checks that nothing is left to assert.
  ///
  /// With ``Exhaustivity/on``, effects still running after the timeout and actions received but
  /// not asserted are reported. Call it at the end of a test whose effects end on their own.
  ///
  /// - Parameter timeout: How long to wait for effects; ``timeout`` by default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = _SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    let store = self.store
    let finished = await waitUntil(timeout ?? self.timeout) { store.runningEffectCount == 0 }
    guard exhaustivity == .on else { return }
    if !finished {
      location.report(
        """
        \(store.runningEffectCount) effect(s) are still running after \(timeout ?? self.timeout).

        Every effect must finish before the end of the test: advance the test clock, send the \
        action that stops a long-living effect, or cancel it.
        """
      )
      store.cancelAllEffects()
      _ = await waitUntil(timeout ?? self.timeout) { store.runningEffectCount == 0 }
    }
    reportUnreceivedActions(at: location)
  }

  /// Forgets the actions effects have sent and the test has not received, moving ``state`` to
  /// the state after the last of them.
  public func skipReceivedActions() {
    let received = log.withContents { contents in
      defer { contents.received.removeAll() }
      return contents.received
    }
    if let last = received.last {
      state = last.state
    }
  }

  /// Cancels every effect still running and waits for them to stop.
  ///
  /// - Parameter timeout: How long to wait for effects to stop; ``timeout`` by default.
  public func skipInFlightEffects(timeout: Duration? = nil) async {
    store.cancelAllEffects()
    let store = self.store
    _ = await waitUntil(timeout ?? self.timeout) { store.runningEffectCount == 0 }
  }
}
