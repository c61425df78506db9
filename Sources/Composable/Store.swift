import Foundation
import Synchronization

/// Owns a feature's state, runs its reducer for every action, and runs the effects it returns.
///
/// A store needs no main thread: `send(_:)` may be called from any thread or task. It processes
/// one action at a time, in the order received. An action sent while another is being processed
/// (by an effect, an observer, or another thread) is queued and processed right after, never
/// interleaved. A server can create one store per connection: an idle store holds its state and
/// a few hundred bytes, with no task, stream or dictionary until one is needed.
///
/// ```swift
/// let store = Store(initialState: Search.State()) {
///   Search()
/// } withDependencies: {
///   $0.areaClient = .live(session: session)
/// }
/// let observation = store.observe { state in
///   connection.render(state.snapshot)
/// }
/// store.send(.onAppear)
/// ```
///
/// Effects run as tasks started by the store. Releasing the last reference to a store cancels
/// everything it still runs; effects only hold the store weakly.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable` is safe: every `var` below is read and written only inside `lock`;
  // the reducer (which may not be `Sendable`) is called only inside it, by the one thread that
  // is processing actions; the other properties are immutable and `Sendable`.
  //
  // The guarded values are the class's own stored properties, not a struct inside the mutex:
  // code of a generic class that is not specialised (a store's, called from another module)
  // reaches its own properties through its metadata, but a generic struct's fields through
  // that struct's metadata, looked up at run time on every access (it had doubled the cost
  // of an action).

  /// Guards every `var` of the store.
  let lock = Mutex<Void>(())
  var currentState: State
  var isProcessing = false
  var pendingActions: [Action] = []
  var pendingHead = 0
  var effects = _EffectRegistry()
  var observers: [_StoreObserver<State>] = []
  var nextObserverID = 0
  let reducer: any Reducer<State, Action>
  let dependencies: DependencyValues
  let didProcess: (@Sendable (Action, State) -> Void)?

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The feature's state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store: its reducer and every effect
  ///     it runs see the dependencies in force here, changed by this closure.
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let dependencies = withDependencies(prepareDependencies ?? { _ in }) {
      DependencyValues._current
    }
    let reducer = DependencyValues.$_current.withValue(dependencies) { reducer()._resolved() }
    self.init(
      initialState: initialState,
      reducer: reducer,
      dependencies: dependencies,
      didProcess: nil
    )
  }

  init(
    initialState: State,
    reducer: any Reducer<State, Action>,
    dependencies: DependencyValues,
    didProcess: (@Sendable (Action, State) -> Void)?
  ) {
    self.currentState = initialState
    self.reducer = reducer
    self.dependencies = dependencies
    self.didProcess = didProcess
  }

  deinit {
    cancelAllEffects()
  }

  // MARK: - Reading state

  /// The current state.
  ///
  /// The value may be outdated as soon as it is returned if other threads send actions; observe
  /// the store to follow every change.
  public var state: State {
    lock.withLock { _ in currentState }
  }

  /// The number of effects (tasks, subscriptions and concatenations) the store is running.
  public var runningEffectCount: Int {
    lock.withLock { _ in effects.count }
  }

  // MARK: - Sending actions

  /// Processes an action: runs the reducer, starts the effects it returns, then tells
  /// observers about the new state.
  ///
  /// When no other action is being processed, the action is processed on the calling thread
  /// before `send` returns, together with any action queued meanwhile. Otherwise it is queued
  /// and processed by the thread already processing, after the actions queued before it.
  ///
  /// Effects start synchronously: a `run` operation executes on the calling thread up to its
  /// first suspension point, and cancellation identifiers are registered before `send` returns.
  ///
  /// - Parameter action: The action to process.
  /// - Complexity: O(1) for an action whose effect is `.none`, besides the reducer's own work.
  public func send(_ action: Action) {
    send(action, from: nil)
  }

  /// ``send(_:)``; an action from a subscription (`entry`) is dropped once it is cancelled or
  /// finished, which is checked under the lock that queues the action.
  func send(_ action: Action, from entry: _EffectEntry?) {
    let processesNow = lock.withLock { _ in
      if let entry, entry.isCancelled || entry.isFinished { return false }
      guard !isProcessing else {
        pendingActions.append(action)
        return false
      }
      isProcessing = true
      return true
    }
    if processesNow { process(action) }
  }

  /// Processes `first` and every action queued meanwhile, by the one thread that set
  /// `isProcessing`. Effects start and observers are called outside the mutex, so they may send
  /// actions; those are queued and processed here, in order.
  private func process(_ first: Action) {
    var action = first
    while true {
      // Written from inside the lock rather than returned as a tuple, whose type the generic
      // code would look up for every action.
      var started = _StartedEffects<Action>()
      var observers: [_StoreObserver<State>] = []
      var snapshot: State?
      lock.withLock { _ in
        let effect = DependencyValues.$_current.withValue(dependencies) {
          reducer.reduce(into: &currentState, action: action)
        }
        if case .none = effect.operation {
        } else {
          interpret(effect, ids: [], registry: &effects, into: &started)
          pendingActions.append(contentsOf: started.actions)
        }
        observers = self.observers
        if !observers.isEmpty || didProcess != nil { snapshot = currentState }
      }

      if !started.isEmpty { launch(started) }
      if let snapshot {
        didProcess?(action, snapshot)
        for observer in observers { observer.onChange(snapshot) }
      }

      let next = lock.withLock { _ -> Action? in
        guard pendingHead < pendingActions.count else {
          pendingActions.removeAll(keepingCapacity: pendingActions.capacity <= 64)
          pendingHead = 0
          isProcessing = false
          return nil
        }
        pendingHead += 1
        return pendingActions[pendingHead - 1]
      }
      guard let next else { return }
      action = next
    }
  }
}

// MARK: - Cancelling effects

extension Store {
  /// Cancels every effect the store is running.
  ///
  /// A server calls this when a connection closes while it still holds the store; releasing
  /// the store has the same effect.
  public func cancelAllEffects() {
    var cancellations: [_Cancellation] = []
    lock.withLock { _ in effects.cancelAll(into: &cancellations) }
    for cancel in cancellations { cancel() }
  }
}
