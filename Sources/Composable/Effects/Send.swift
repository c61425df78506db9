/// Sends actions back into the store from inside an ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``
/// operation.
///
/// Call it like a function: `send(.areasLoaded(areas))`. The store processes the action after
/// the one it is processing now (actions are never interleaved). Once the effect has been
/// cancelled, sending does nothing, so a response that arrives after a cancellation can never
/// overwrite newer state.
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @Sendable (Action) -> Void

  /// Creates a send function from a closure, for example to drive an effect in isolation.
  ///
  /// - Parameter send: Receives every action sent while the current task is not cancelled.
  public init(send: @escaping @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the current task has been cancelled.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
