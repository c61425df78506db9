/// One running piece of effect work (a `run` operation or a concatenation) in a store.
///
/// `@unchecked Sendable` is safe: the entry is shared between the store and the task that
/// runs it, but every mutable field (`isCancelled`, `isFinished`, `task`) is read and written
/// only while holding the owning store's lock, and `serial` and `ids` are immutable.
final class _EffectEntry: @unchecked Sendable {
  let serial: Int
  let ids: [AnyHashableSendable]
  var isCancelled = false
  var isFinished = false
  var task: Task<Void, Never>?
  /// What unsubscribes a subscription's source, once it subscribed.
  var stop: (@Sendable () -> Void)?

  init(serial: Int, ids: [AnyHashableSendable]) {
    self.serial = serial
    self.ids = ids
  }
}

/// The running effects of one store, and the cancellation identifiers they are registered
/// under.
///
/// Each store owns its registry, so equal identifiers in two stores never interfere. It starts
/// empty and allocates nothing until the first effect runs. Not thread-safe on its own: the
/// store accesses it under its lock.
struct _EffectRegistry {
  private var running: [Int: _EffectEntry] = [:]
  private var byID: [AnyHashableSendable: [Int: _EffectEntry]] = [:]
  private var nextSerial = 0

  /// The number of registered entries that have not finished.
  var count: Int { running.count }

  /// Registers new work under the given identifiers.
  mutating func register(ids: [AnyHashableSendable]) -> _EffectEntry {
    nextSerial &+= 1
    let entry = _EffectEntry(serial: nextSerial, ids: ids)
    running[entry.serial] = entry
    for id in ids {
      byID[id, default: [:]][entry.serial] = entry
    }
    return entry
  }

  /// Removes finished work.
  mutating func remove(_ entry: _EffectEntry) {
    entry.isFinished = true
    entry.task = nil
    entry.stop = nil
    guard running.removeValue(forKey: entry.serial) != nil else { return }
    for id in entry.ids {
      byID[id]?.removeValue(forKey: entry.serial)
      if byID[id]?.isEmpty == true { byID.removeValue(forKey: id) }
    }
  }

  /// Marks the work under `id` cancelled and returns what to cancel once the store's lock is
  /// released (cancellation handlers and a source's unsubscribing may call back into the
  /// store).
  mutating func cancel(id: AnyHashableSendable, into cancellations: inout [_Cancellation]) {
    guard let entries = byID[id] else { return }
    for entry in entries.values { cancel(entry, into: &cancellations) }
  }

  /// Marks all work cancelled and returns what to cancel.
  mutating func cancelAll(into cancellations: inout [_Cancellation]) {
    for entry in running.values { cancel(entry, into: &cancellations) }
  }

  private mutating func cancel(_ entry: _EffectEntry, into cancellations: inout [_Cancellation]) {
    guard !entry.isCancelled else { return }
    entry.isCancelled = true
    if let task = entry.task { cancellations.append(.task(task)) }
    if let stop = entry.stop {
      // A subscription has no task to end it: it is over once its source is stopped.
      remove(entry)
      cancellations.append(.stop(stop))
    }
  }
}

/// One piece of work to cancel, outside the store's lock.
enum _Cancellation {
  case task(Task<Void, Never>)
  case stop(@Sendable () -> Void)

  func callAsFunction() {
    switch self {
    case .task(let task): task.cancel()
    case .stop(let stop): stop()
    }
  }
}

/// What interpreting one effect asks the store to do once its lock is released.
struct _StartedEffects<Action> {
  /// Work to launch as tasks.
  var launches: [Launch] = []
  /// Actions for the store to process after the current one.
  var actions: [Action] = []
  /// Work to cancel.
  var cancellations: [_Cancellation] = []

  struct Launch {
    let entry: _EffectEntry
    let priority: TaskPriority?
    let work: Work
  }

  enum Work {
    case run(@Sendable (Send<Action>) async -> Void)
    case subscribe(_Subscribe<Action>)
    case concatenate([Effect<Action>])
  }

  // Inlined: a call would take the struct's metadata, looked up at run time for every action
  // in the store's generic code.
  @inline(__always)
  var isEmpty: Bool { launches.isEmpty && actions.isEmpty && cancellations.isEmpty }

  @inline(__always)
  init() {}
}
