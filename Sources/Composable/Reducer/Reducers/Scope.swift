/// Runs a child feature's reducer on part of the parent's state and actions.
///
/// The child sees only its own state (a key path into the parent's) and its own actions (a case
/// of the parent's action enum); its effects send parent actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.search, action: \.search) { Search() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// Put the `Scope` before the parent's own `Reduce` so the parent sees the child's changes.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: _AnyReducer<Child.State, Child.Action>

  /// Creates a reducer that runs `child` on a part of the parent's domain.
  ///
  /// - Parameters:
  ///   - toChildState: Where the child's state lives in the parent's state.
  ///   - toChildAction: The case of the parent's actions that carries the child's actions.
  ///   - child: The child feature's reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes to the child with a case path value, such as the `allCasePaths` member that
  /// `@CasePathable` generates (`Action.allCasePaths.search`).
  ///
  /// Every action of the parent is tried against every scope. A generated case path
  /// extracts with a `switch`, where a case key path looks its case up again on each action:
  /// for a parent that sees many actions (a server's page per connection), this is the
  /// cheaper form.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = _AnyReducer(child())
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if case .none = effect.operation { return .none }
    let toChildAction = toChildAction
    return effect.map { toChildAction.embed($0) }
  }
}
