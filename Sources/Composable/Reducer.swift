/// A feature's logic: how its state changes for an action, and which effects follow.
///
/// Conform by implementing either ``reduce(into:action:)`` (a primitive reducer) or ``body``
/// (a reducer built from others with ``ReducerBuilder``):
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped, decrementTapped }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       switch action {
///       case .incrementTapped: state.count += 1
///       case .decrementTapped: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
///
/// Reducers are values that describe logic; the ``Store`` owns the state and runs them one
/// action at a time, so a reducer never needs locks of its own.
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  /// The reducer this one is built from, or `Never` for a primitive reducer.
  associatedtype Body

  /// Changes the state for an action and returns the work that follows.
  ///
  /// - Parameters:
  ///   - state: The feature's current state, changed in place.
  ///   - action: What happened.
  /// - Returns: The effect to run; `.none` for most actions.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer this one is built from.
  ///
  /// Implement `body` instead of ``reduce(into:action:)`` to compose reducers such as
  /// ``Reduce``, ``Scope`` and the `ifLet`/`forEach` operators.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// This reducer with every ``body`` in it built once.
  ///
  /// A reducer with a ``body`` builds it again each time it runs. The ``Store`` and the
  /// operators that hold a child reducer call this once, when they are created, so a feature's
  /// body is built once per store rather than once per action. Implement ``body`` or
  /// ``reduce(into:action:)``, not both; this method is provided for you.
  func _resolved() -> any Reducer<State, Action>
}

extension Reducer {
  /// A primitive reducer is already resolved.
  public func _resolved() -> any Reducer<State, Action> {
    self
  }
}

extension Reducer where Body == Never {
  /// A primitive reducer has no body: its logic is ``reduce(into:action:)``.
  ///
  /// The store and every operator call ``reduce(into:action:)``, never `body`, on a primitive
  /// reducer, so this property is unreachable through the library.
  public var body: Body {
    fatalError(
      """
      "\(Self.self)" implements "reduce(into:action:)" and has no "body"; \
      call "reduce(into:action:)" instead.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducer's ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// The reducer's ``body``, built once and resolved in turn.
  public func _resolved() -> any Reducer<State, Action> {
    body._resolved()
  }
}

/// A resolved reducer held by a composite reducer.
public struct _AnyReducer<State, Action>: Reducer {
  @usableFromInline
  let base: any Reducer<State, Action>

  @usableFromInline
  init(_ reducer: some Reducer<State, Action>) {
    self.base = reducer._resolved()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    base.reduce(into: &state, action: action)
  }
}

/// A reducer's type, written through its feature: `ReducerOf<Search>` instead of
/// `Reducer<Search.State, Search.Action>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
