/// Groups reducers so that an operator applies to all of them.
///
/// The reducers run in the order written and their effects are merged. Use it to apply an
/// operator such as ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` to several
/// reducers at once:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   CombineReducers {
///     Scope(state: \.header, action: \.header) { Header() }
///     Reduce { state, action in … }
///   }
///   .ifLet(\.editor, action: \.editor) { Editor() }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Creates one reducer from the reducers the builder lists.
  ///
  /// - Parameter build: The reducers, in the order they run.
  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  public func _resolved() -> any Reducer<State, Action> {
    reducers._resolved()
  }
}
