/// Builds one reducer from a list of reducers, run in order, with `if`, `switch` and `for`.
///
/// It is the attribute behind ``Reducer/body`` and ``CombineReducers``:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.settings, action: \.settings) { Settings() }
///   Reduce { state, action in … }
///   if isLoggingEnabled { Logger() }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0,
    next: R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(first: accumulated, second: next)
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(
    _ wrapped: R?
  ) -> _OptionalReducer<R> {
    _OptionalReducer(wrapped: wrapped)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _ConditionalReducer<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _ConditionalReducer<R0, R1> {
    .second(reducer)
  }

  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(
    _ reducers: [R]
  ) -> _ArrayReducer<R> {
    _ArrayReducer(reducers: reducers)
  }

  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> R {
    wrapped
  }
}

// MARK: - Builder parts

/// Two reducers run one after the other; their effects are merged.
public struct _SequenceReducer<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @usableFromInline
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    first.reduce(into: &state, action: action)
      .merge(with: second.reduce(into: &state, action: action))
  }

  public func _resolved() -> any Reducer<R0.State, R0.Action> {
    _SequenceReducer<_AnyReducer, _AnyReducer>(
      first: _AnyReducer(first), second: _AnyReducer(second)
    )
  }
}

/// A reducer included by an `if` without `else`.
public struct _OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @usableFromInline
  init(wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }

  public func _resolved() -> any Reducer<Wrapped.State, Wrapped.Action> {
    _OptionalReducer<_AnyReducer>(wrapped: wrapped.map { _AnyReducer($0) })
  }
}

/// One of two reducers, chosen by an `if`/`else` or a `switch`.
public enum _ConditionalReducer<First: Reducer, Second: Reducer<First.State, First.Action>>:
  Reducer
{
  case first(First)
  case second(Second)

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }

  public func _resolved() -> any Reducer<First.State, First.Action> {
    switch self {
    case .first(let reducer): reducer._resolved()
    case .second(let reducer): reducer._resolved()
    }
  }
}

/// The reducers produced by a `for` loop, run in order.
public struct _ArrayReducer<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @usableFromInline
  init(reducers: [Element]) {
    self.reducers = reducers
  }

  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<Element.Action> {
    var effects: [Effect<Element.Action>] = []
    for reducer in reducers {
      effects.append(reducer.reduce(into: &state, action: action))
    }
    return .merge(effects)
  }

  public func _resolved() -> any Reducer<Element.State, Element.Action> {
    _ArrayReducer<_AnyReducer>(reducers: reducers.map { _AnyReducer($0) })
  }
}
