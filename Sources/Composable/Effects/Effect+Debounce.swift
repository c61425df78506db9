extension Effect {
  /// The effect, started only once `duration` has passed without another effect with the same
  /// identifier arriving.
  ///
  /// Each new debounced effect cancels the one waiting under `id` and waits again, so a burst of
  /// keystrokes produces one search. Time is measured on the injected clock: use a
  /// `TestClock` in tests and advance it, never wait for real time.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .send(.search)
  ///     .debounce(id: CancelID.typing, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier; the debounce is cancellable through it like any effect.
  ///   - duration: How long to wait for a quiet period.
  ///   - clock: The clock that measures the wait, usually the `continuousClock` dependency.
  ///   - tolerance: The tolerance passed to the clock's sleep.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C,
    tolerance: C.Duration? = nil
  ) -> Self {
    debounce(id: id) { try await clock.sleep(for: duration, tolerance: tolerance) }
  }
}

extension Effect {
  /// The effect, started only once `duration` has passed without another effect with the same
  /// identifier arriving, timed by a clock held as an existential (such as the
  /// `continuousClock` dependency).
  ///
  /// It behaves like the generic `debounce(id:for:clock:tolerance:)`.
  @_disfavoredOverload
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>,
    tolerance: Duration? = nil
  ) -> Self {
    debounce(id: id) { try await clock.sleep(for: duration, tolerance: tolerance) }
  }
}

extension Effect {
  /// The effect, started once `wait` has returned, cancelled with the wait when another effect
  /// is debounced under `id`: what both `debounce` functions do with their clocks.
  private func debounce(
    id: some Hashable & Sendable, after wait: @escaping @Sendable () async throws -> Void
  ) -> Self {
    switch operation {
    case .none:
      return .none
    default:
      return .concatenate(.run { _ in try await wait() }, self)
        .cancellable(id: id, cancelInFlight: true)
    }
  }
}
