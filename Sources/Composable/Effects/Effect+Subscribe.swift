extension Effect {
  /// An effect that subscribes to a source that pushes values (a callback-based observation,
  /// a notification) and sends actions for them, without a task of its own.
  ///
  /// `start` runs when the store receives the effect, on the thread that sent the action,
  /// with the dependencies in force when the effect was created. It subscribes, sends actions
  /// through `send` from whatever thread the source calls back on, and returns the function
  /// that unsubscribes. Cancelling the effect (``cancel(id:)``, `cancelInFlight`,
  /// ``Store/cancelAllEffects()`` or releasing the store) calls that function once. A source
  /// that ends by itself calls `finish`, after which the effect no longer runs. Actions sent
  /// after the effect was cancelled or finished are dropped.
  ///
  /// A task waiting on an async sequence holds its suspended frames, a kilobyte or more, for
  /// as long as it waits; a subscription holds only what the source keeps for its callback.
  /// A server that keeps a store per connection, each with a few long-lived observations,
  /// pays that per connection and per observation.
  ///
  /// ```swift
  /// return .subscribe { send, finish in
  ///   let token = center.observe(.settingsChanged) { settings in
  ///     send(.settingsChanged(settings))
  ///   }
  ///   return { center.remove(token) }
  /// }
  /// .cancellable(id: CancelID.settings)
  /// ```
  ///
  /// In a concatenation, the next effect starts once the source has called `finish`.
  ///
  /// - Parameter start: Subscribes to the source; returns the function that unsubscribes.
  /// - Returns: An effect that runs the subscription.
  public static func subscribe(
    _ start:
      @escaping @Sendable (
        _ send: Send<Action>, _ finish: @escaping @Sendable () -> Void
      ) -> @Sendable () -> Void
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        operation: .subscribe { send, finish in
          dependencies.yield { start(send, finish) }
        }
      )
    }
  }
}

/// What ``Effect/subscribe(_:)`` runs: subscribes with a send and a finish function, and
/// returns the function that unsubscribes.
public typealias _Subscribe<Action> =
  @Sendable (
    Send<Action>, _ finish: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void
