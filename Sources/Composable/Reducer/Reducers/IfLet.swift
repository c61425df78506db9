extension Reducer {
  /// Runs a child feature while its optional state is present, and cancels the child's effects
  /// when that state goes away.
  ///
  /// The child reducer runs first, on the unwrapped state, for actions of the child's case;
  /// then this reducer runs. If this reducer sets the child state to `nil` (a sheet dismissed,
  /// an editor closed), every effect the child started is cancelled in the same step.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.editor, action: \.editor) { Editor() }
  /// ```
  ///
  /// A child action that arrives while the child state is `nil` is a logic error (the child's
  /// effects were cancelled when it went away, so nothing in the feature should send one); it is
  /// reported as an issue and otherwise ignored.
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives in this reducer's state.
  ///   - toChildAction: The case of this reducer's actions that carries the child's actions.
  ///   - child: The child feature's reducer.
  /// - Returns: A reducer that runs the child and then this reducer.
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Child> {
    _IfLetReducer(
      parent: _AnyReducer(self),
      child: _AnyReducer(child()),
      toChildState: toChildState,
      toChildAction: AnyCasePath(toChildAction),
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer behind ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: _AnyReducer<Parent.State, Parent.Action>
  let child: _AnyReducer<Child.State, Child.Action>
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: _SourceLocation

  /// The identifier every effect of the child is registered under.
  var childEffectsID: AnyHashableSendable {
    AnyHashableSendable(_IfLetEffectsID(path: _SendableKeyPath(toChildState)))
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let childEffect = reduceChild(into: &state, action: action)
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    guard wasPresent, state[keyPath: toChildState] == nil else {
      return childEffect.merge(with: parentEffect)
    }
    return .merge(childEffect, parentEffect, .cancel(id: childEffectsID))
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      location.report(
        """
        An "ifLet" at "\(location.fileID):\(location.line)" received a child action while its \
        child state was nil:

          \(String(customDumping: action))

        The action was ignored. Check that nothing sends child actions after the child state \
        has been set to nil.
        """
      )
      return .none
    }
    let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    if case .none = effect.operation { return .none }
    let toChildAction = toChildAction
    return effect.map { toChildAction.embed($0) }.cancellable(id: childEffectsID)
  }
}

/// Identifies all the effects of one `ifLet` child.
struct _IfLetEffectsID<Root, Value>: Hashable, Sendable {
  let path: _SendableKeyPath<Root, Value>
}
