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
}

/// A reducer's type, written through its feature: `ReducerOf<Search>` instead of
/// `Reducer<Search.State, Search.Action>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
