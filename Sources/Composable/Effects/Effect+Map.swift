extension Effect {
  /// The effect with every action it sends transformed, for embedding a child feature's effect
  /// in its parent's domain.
  ///
  /// ```swift
  /// return childEffect.map(Action.child)
  /// ```
  ///
  /// - Parameter transform: Turns an action of this effect into an action of the parent.
  /// - Returns: An effect with the same work, cancellation and ordering, sending parent actions.
  /// - Complexity: O(*n*) in the number of nodes of the effect; `.none` maps in O(1).
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let operation):
      return Effect<NewAction>(
        operation: .run(priority: priority) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case .subscribe(let start):
      return Effect<NewAction>(
        operation: .subscribe { send, finish in
          start(Send { action in send(transform(action)) }, finish)
        }
      )
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.map(transform)
        )
      )
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    }
  }
}
