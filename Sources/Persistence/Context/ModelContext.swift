import Foundation

/// A unit of work on the store: objects are inserted, updated, deleted and moved in a context,
/// then saved together or rolled back, like Core Data's `NSManagedObjectContext`.
///
/// - The **view context** (`PersistentContainer.viewContext`) merges what other contexts save.
/// - **Background contexts** (`newBackgroundContext()`) do heavy work and save on their own.
/// - A **child context** (`newChildContext()`) is an edit session: `save()` pushes its changes
///   into the parent only; dropping it (or `rollback()`) leaves the parent untouched.
///
/// Fetches see the context's unsaved changes on top of the store (and, in a child, the
/// parent's). Every object carries a version: saving a change to an object that someone else
/// changed since this context read it fails with `PersistenceError.conflict`, and nothing of
/// that save is written.
///
/// A context is `Sendable` and may be used from many tasks at once, as a server does with
/// concurrent requests. Its state is guarded by a lock held only for short synchronous
/// sections, which lets `insert`, `update` and `delete` stay synchronous; saves of one context
/// run one at a time.
public final class ModelContext: Sendable {
  /// What a context is for.
  public enum Kind: Sendable, Hashable {
    /// The container's main context; merges saves of other contexts.
    case view
    /// A context for work off the view context.
    case background
    /// An edit session whose saves go into its parent.
    case child
  }

  /// What this context is for.
  public let kind: Kind
  /// The context a child saves into; `nil` for view and background contexts.
  public let parent: ModelContext?
  let core: ContainerCore
  let state = Protected(ContextState())
  let saveLock = AsyncLock()
  private let mergeToken: UInt64?

  init(core: ContainerCore, kind: Kind, parent: ModelContext?) {
    self.core = core
    self.kind = kind
    self.parent = parent
    if kind == .view {
      let state = self.state
      mergeToken = core.hub.subscribe { event in
        guard case .commit(let summary) = event else { return }
        Self.merge(summary, into: state)
      }
    } else {
      mergeToken = nil
    }
  }

  deinit {
    if let mergeToken { core.hub.unsubscribe(mergeToken) }
  }

  /// A new edit session on top of this context.
  public func newChildContext() -> ModelContext {
    ModelContext(core: core, kind: .child, parent: self)
  }

  /// Records the versions another context saved, for objects this context has not changed,
  /// so that later edits are based on them.
  private static func merge(_ summary: CommitSummary, into state: Protected<ContextState>) {
    state.withLock { state in
      for (type, changes) in summary.changes {
        guard let merger = changes as? any VersionMerging else { continue }
        let box = state.boxes[type]
        // Taken out so the dictionary is uniquely referenced and changed in place.
        var registered = state.takeRegistry(type)
        merger.merge(into: &registered, skipping: box)
        state.putRegistry(registered, for: type)
      }
    }
  }
}

/// Committed changes that can update a registry of versions.
protocol VersionMerging {
  func merge(into registered: inout [UUID: Version], skipping box: (any AnyPendingBox)?)
}

extension CommittedChanges: VersionMerging {
  /// Refreshes the versions of objects the context already knows; objects it never read are
  /// registered when it first fetches them.
  func merge(into registered: inout [UUID: Version], skipping box: (any AnyPendingBox)?) {
    guard !registered.isEmpty else { return }
    let pending = box as? PendingBox<Root>
    for objects in [inserted, updated] {
      for object in objects where registered[object.value.id] != nil {
        if pending?.changes[object.value.id] == nil, let version = object.version {
          registered[object.value.id] = version
        }
      }
    }
    for id in deleted where pending?.changes[id] == nil {
      registered[id] = nil
    }
  }
}
