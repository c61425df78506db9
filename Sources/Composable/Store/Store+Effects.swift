import Synchronization

// MARK: - Interpreting effects

extension Store {
  /// Walks an effect tree, registering its work in `registry` and cancelling what it cancels.
  /// Called inside the store's mutex: registration happens before any work starts, so a
  /// cancellation that follows in the same or a later action always finds it.
  func interpret(
    _ effect: Effect<Action>,
    ids: [AnyHashableSendable],
    registry effects: inout _EffectRegistry,
    into started: inout _StartedEffects<Action>
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      started.actions.append(action)
    case .run(let priority, let operation):
      let entry = effects.register(ids: ids)
      started.launches.append(.init(entry: entry, priority: priority, work: .run(operation)))
    case .subscribe(let start):
      let entry = effects.register(ids: ids)
      started.launches.append(.init(entry: entry, priority: nil, work: .subscribe(start)))
    case .cancel(let id):
      effects.cancel(id: id, into: &started.cancellations)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight {
        effects.cancel(id: id, into: &started.cancellations)
      }
      interpret(inner, ids: ids + [id], registry: &effects, into: &started)
    case .merge(let merged):
      for effect in merged {
        interpret(effect, ids: ids, registry: &effects, into: &started)
      }
    case .concatenate(let steps):
      let entry = effects.register(ids: ids)
      started.launches.append(.init(entry: entry, priority: nil, work: .concatenate(steps)))
    }
  }

  // MARK: - Launching work

  /// Cancels what was cancelled and starts the registered work, as tasks and subscriptions.
  /// Called outside the mutex. Returns the tasks started; with `tasksOnly`, a subscription
  /// runs in a task too, which ends when its source finishes (what a concatenation waits
  /// for).
  @discardableResult
  func launch(_ started: _StartedEffects<Action>, tasksOnly: Bool = false) -> [Task<Void, Never>] {
    for cancel in started.cancellations {
      cancel()
    }
    var tasks: [Task<Void, Never>] = []
    for var launch in started.launches {
      if tasksOnly, case .subscribe(let subscribe) = launch.work {
        launch = .init(entry: launch.entry, priority: nil, work: .run(Self.awaiting(subscribe)))
      }
      if let task = start(launch) { tasks.append(task) }
    }
    return tasks
  }

  private func start(_ launch: _StartedEffects<Action>.Launch) -> Task<Void, Never>? {
    let entry = launch.entry
    let alreadyCancelled = lock.withLock { _ in
      if entry.isCancelled { effects.remove(entry) }
      return entry.isCancelled
    }
    guard !alreadyCancelled else { return nil }

    let body: @Sendable () async -> Void
    switch launch.work {
    case .run(let operation):
      let send = Send<Action> { [weak self] action in self?.send(action) }
      body = { [weak self] in
        // Cancelled between registration and start (possible where tasks start later): the
        // operation never runs.
        if !Task.isCancelled { await operation(send) }
        self?.finish(entry)
      }
    case .concatenate(let effects):
      let store = _WeakStore(self)
      body = {
        await Self.runConcatenation(effects, entry: entry, store: store)
        store.value?.finish(entry)
      }
    case .subscribe(let subscribe):
      self.subscribe(subscribe, entry: entry)
      return nil
    }
    let task = Self.startTask(priority: launch.priority, body)
    let cancelNow = lock.withLock { _ in
      guard !entry.isFinished else { return false }
      entry.task = task
      return entry.isCancelled
    }
    if cancelNow { task.cancel() }
    return task
  }

  /// Starts a task that runs synchronously up to its first suspension point where the runtime
  /// supports it, so an effect's first steps (such as registering a sleep on a test clock)
  /// happen before the action that started it is done.
  private static func startTask(
    priority: TaskPriority?,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      return Task.immediate(priority: priority, operation: body)
    } else {
      return Task(priority: priority, operation: body)
    }
  }

  private func finish(_ entry: _EffectEntry) {
    lock.withLock { _ in effects.remove(entry) }
  }

  // MARK: - Subscriptions

  /// Subscribes on behalf of `entry`. Its actions reach the store while the entry runs. The
  /// source is stopped once, whether the effect is cancelled or the source finishes (a source
  /// made of several parts may finish by one of them).
  private func subscribe(_ start: _Subscribe<Action>, entry: _EffectEntry) {
    let store = _WeakStore(self)
    let send = Send<Action> { action in store.value?.send(action, from: entry) }
    let stop = start(send) { store.value?.finishSubscription(entry) }
    let stopNow = lock.withLock { _ -> Bool in
      // Cancelled or finished while `start` ran.
      if entry.isCancelled || entry.isFinished {
        effects.remove(entry)
        return true
      }
      entry.stop = stop
      return false
    }
    if stopNow { stop() }
  }

  private func finishSubscription(_ entry: _EffectEntry) {
    let stop = lock.withLock { _ in
      defer { effects.remove(entry) }
      return entry.stop
    }
    stop?()
  }

  /// A subscription as an operation that ends when its source finishes, and stops the source
  /// when its task is cancelled.
  private static func awaiting(_ subscribe: @escaping _Subscribe<Action>)
    -> @Sendable (Send<Action>) async -> Void
  {
    { send in
      let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)
      let stop = Mutex<(@Sendable () -> Void)?>(nil)
      let resume: @Sendable () -> Void = { waiting.withLock { $0.take() }?.resume() }
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          waiting.withLock { $0 = continuation }
          let unsubscribe = subscribe(send, resume)
          stop.withLock { $0 = unsubscribe }
          // Cancelled before the handler below could find the source: stopped here. Whoever
          // takes the function stops the source, so it is stopped once.
          if Task.isCancelled {
            stop.withLock { $0.take() }?()
            resume()
          }
        }
      } onCancel: {
        stop.withLock { $0.take() }?()
        resume()
      }
    }
  }

  // MARK: - Concatenation

  /// Runs effects one after another on behalf of a concatenation's entry. Holds the store only
  /// while starting each effect, so releasing the store cancels the rest.
  private static func runConcatenation(
    _ effects: [Effect<Action>],
    entry: _EffectEntry,
    store weakStore: _WeakStore<State, Action>
  ) async {
    for effect in effects {
      guard !Task.isCancelled, let store = weakStore.value else { return }
      guard let tasks = store.startStep(effect, of: entry) else { return }
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }

  /// Starts one step of a concatenation, unless the concatenation has been cancelled. The step
  /// is registered under the concatenation's identifiers.
  private func startStep(_ effect: Effect<Action>, of entry: _EffectEntry) -> [Task<Void, Never>]? {
    var started = _StartedEffects<Action>()
    let isCancelled = lock.withLock { _ in
      guard !entry.isCancelled else { return true }
      interpret(effect, ids: entry.ids, registry: &effects, into: &started)
      return false
    }
    guard !isCancelled else { return nil }
    for action in started.actions {
      send(action)
    }
    return launch(started, tasksOnly: true)
  }
}

/// A weak reference to a store, for work that must not keep the store alive.
struct _WeakStore<State: Sendable, Action: Sendable>: Sendable {
  weak var value: Store<State, Action>?

  init(_ value: Store<State, Action>) {
    self.value = value
  }
}
