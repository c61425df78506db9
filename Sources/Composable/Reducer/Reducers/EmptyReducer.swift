/// A reducer that changes nothing and returns no effect.
///
/// Useful as a placeholder in a builder branch, or as the child of a ``Scope`` whose only
/// purpose is to run a parent's logic.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
