extension Effect {
  /// Makes the effect cancellable through an identifier.
  ///
  /// Every task the effect starts is registered under `id` in the store's own registry, at the
  /// moment the store receives the effect, before any of its work has started. A later
  /// ``cancel(id:)`` (or another `cancellable(id:cancelInFlight: true)`) with an equal identifier
  /// therefore cancels it even if its task has not run a single line yet. Identifiers belong to
  /// one store: two stores using the same identifier never cancel each other's work.
  ///
  /// ```swift
  /// enum CancelID { case search }
  ///
  /// return .run { send in
  ///   send(.results(try await api.search(query)))
  /// }
  /// .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier; any hashable, sendable value.
  ///   - cancelInFlight: Whether to cancel the work already running under `id` before starting
  ///     this effect, so at most one runs at a time. An effect that does nothing (`.none`) stays
  ///     `.none` and cancels nothing; use ``cancel(id:)`` for that.
  /// - Returns: The effect, registered under `id`.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none:
      return .none
    default:
      return Self(
        operation: .cancellable(
          id: AnyHashableSendable(id), cancelInFlight: cancelInFlight, self
        )
      )
    }
  }

  /// An effect that cancels the work running under an identifier.
  ///
  /// The cancellation happens synchronously when the store receives the effect, so in
  /// `.merge(.cancel(id: A), newWork.cancellable(id: A))` the old work is cancelled before the
  /// new work starts.
  ///
  /// - Parameter id: The identifier passed to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: An effect that cancels and then completes.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyHashableSendable(id)))
  }
}

// MARK: - Scoping identifiers

/// A cancellation identifier that lives inside a scope, such as one element of a `forEach`.
struct _ScopedCancelID: Hashable, Sendable {
  let scope: AnyHashableSendable
  let id: AnyHashableSendable
}

extension Effect {
  /// The effect with every cancellation identifier moved into `scope`.
  ///
  /// Two elements of a collection that use the same identifier then never cancel each other,
  /// and the parent's identifiers never reach into a child.
  func scopingCancellation(to scope: AnyHashableSendable) -> Self {
    switch operation {
    case .none, .send, .run, .subscribe:
      return self
    case .cancel(let id):
      return Self(
        operation: .cancel(id: AnyHashableSendable(_ScopedCancelID(scope: scope, id: id))))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: AnyHashableSendable(_ScopedCancelID(scope: scope, id: id)),
          cancelInFlight: cancelInFlight,
          effect.scopingCancellation(to: scope)
        )
      )
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.scopingCancellation(to: scope) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.scopingCancellation(to: scope) }))
    }
  }
}
