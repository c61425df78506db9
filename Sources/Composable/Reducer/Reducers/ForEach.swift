extension Reducer {
  /// Runs a child feature for each element of an identified collection, and cancels an
  /// element's effects when the element is removed.
  ///
  /// The element reducer runs first, on the element named by the action's identifier; then
  /// this reducer runs. Every cancellation identifier an element uses is private to that
  /// element, so two rows that both use `CancelID.save` never cancel each other, and all the
  /// work of a row is cancelled when the row leaves the collection.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// An action for an identifier that is not in the collection is a logic error; it is reported
  /// as an issue and otherwise ignored.
  ///
  /// - Parameters:
  ///   - toElements: Where the identified collection lives in this reducer's state.
  ///   - toElementAction: The case of this reducer's actions that carries element actions.
  ///   - element: The element feature's reducer.
  /// - Returns: A reducer that runs the element reducer and then this reducer.
  /// - Complexity: O(1) per action when no element is removed; O(*n*) to find the removed
  ///   elements of an *n*-element collection when some are.
  public func forEach<
    ElementState, ElementAction, ID: Hashable & Sendable,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> {
    _ForEachReducer(
      parent: _AnyReducer(self),
      element: _AnyReducer(element()),
      toElements: toElements,
      toElementAction: AnyCasePath(toElementAction),
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer behind ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: _AnyReducer<Parent.State, Parent.Action>
  let element: _AnyReducer<Element.State, Element.Action>
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let location: _SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let elementEffect = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElements].ids
    guard idsBefore != idsAfter else {
      return elementEffect.merge(with: parentEffect)
    }
    var cancellations: [Effect<Parent.Action>] = []
    for id in idsBefore where !idsAfter.contains(id) {
      cancellations.append(.cancel(id: elementScope(id)))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  /// The scope of one element's cancellation identifiers, also the identifier of all its work.
  private func elementScope(_ id: ID) -> _ForEachElementID<Parent.State, ID, Element.State> {
    _ForEachElementID(path: _SendableKeyPath(toElements), id: id)
  }

  private func reduceElement(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction)? = toElementAction.extract(from: action)
    else { return .none }
    guard state[keyPath: toElements][id: id] != nil else {
      location.report(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received an action for an element \
        that is not in the collection (id: \(String(customDumping: id))):

          \(String(customDumping: action))

        The action was ignored. Check that nothing sends element actions after the element has \
        been removed.
        """
      )
      return .none
    }
    let effect = element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
    if case .none = effect.operation { return .none }
    let scope = elementScope(id)
    let toElementAction = toElementAction
    return
      effect
      .scopingCancellation(to: AnyHashableSendable(scope))
      .cancellable(id: scope)
      .map { toElementAction.embed(.element(id: id, action: $0)) }
  }
}

/// Identifies one element of one `forEach`: the scope of its cancellation identifiers.
struct _ForEachElementID<Root, ID: Hashable & Sendable, Value>: Hashable, Sendable {
  let path: _SendableKeyPath<Root, IdentifiedArray<ID, Value>>
  let id: ID
}
