/// A reducer written as a closure.
///
/// The building block of most features' ``Reducer/body``:
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .toggleTapped:
///     state.isEnabled.toggle()
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure.
  ///
  /// - Parameter reduce: Changes the state for an action and returns the effect that follows.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps another reducer, erasing its type.
  ///
  /// - Parameter reducer: The reducer to run.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
