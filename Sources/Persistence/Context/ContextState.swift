import Foundation

/// The state of a context, guarded by its lock.
struct ContextState {
  var boxes: [ObjectIdentifier: any AnyPendingBox] = [:]
  /// The versions this context read, per entity, for objects it has no pending change to.
  /// Only reached through `takeRegistry`, `putRegistry` and `registeredVersion`.
  private var registered: [ObjectIdentifier: [UUID: Version]] = [:]
  /// Fetched objects whose versions are not indexed yet: indexing 50,000 versions costs more
  /// than the fetch itself, and most fetched objects are never edited, so it waits for the
  /// first lookup or write of that entity's registry.
  private var unindexed: [ObjectIdentifier: [any UnindexedVersions]] = [:]
  var serial: UInt64 = 0

  /// Records the versions of fetched objects, indexed on first use.
  mutating func register<Root: Entity>(_ rows: StoredRows<Root>) {
    guard rows.count > 0 else { return }
    unindexed[ObjectIdentifier(Root.self), default: []].append(FetchedVersions(rows: rows))
  }

  /// Records versions written by a save, indexed on first use, after earlier ones.
  mutating func register(_ versions: any UnindexedVersions, for key: ObjectIdentifier) {
    unindexed[key, default: []].append(versions)
  }

  /// Takes an entity's registry out (uniquely referenced, so it changes in place); put it
  /// back with `putRegistry`.
  mutating func takeRegistry(_ key: ObjectIdentifier) -> [UUID: Version] {
    var registry = registered.removeValue(forKey: key) ?? [:]
    if let batches = unindexed.removeValue(forKey: key) {
      registry.reserveCapacity(registry.count + batches.reduce(0) { $0 + $1.count })
      for batch in batches { batch.index(into: &registry) }
    }
    return registry
  }

  mutating func putRegistry(_ registry: [UUID: Version], for key: ObjectIdentifier) {
    registered[key] = registry
  }

  /// The version this context last read for an object, if any.
  mutating func registeredVersion(_ key: ObjectIdentifier, id: UUID) -> Version? {
    if unindexed[key] != nil { putRegistry(takeRegistry(key), for: key) }
    return registered[key]?[id]
  }

  mutating func nextSerial() -> UInt64 {
    serial += 1
    return serial
  }

  mutating func box<Root: Entity>(_ type: Root.Type) -> PendingBox<Root> {
    let key = ObjectIdentifier(type)
    if let box = boxes[key] as? PendingBox<Root> { return box }
    let box = PendingBox<Root>()
    boxes[key] = box
    return box
  }

  func existingBox<Root: Entity>(_ type: Root.Type) -> PendingBox<Root>? {
    boxes[ObjectIdentifier(type)] as? PendingBox<Root>
  }
}

/// Versions of fetched objects waiting to be indexed.
protocol UnindexedVersions: Sendable {
  var count: Int { get }
  func index(into registry: inout [UUID: Version])
}

struct FetchedVersions<Root: Entity>: UnindexedVersions {
  let rows: StoredRows<Root>
  var count: Int { rows.count }

  func index(into registry: inout [UUID: Version]) {
    for (value, version) in zip(rows.values, rows.versions) {
      if let version { registry[value.id] = version }
    }
  }
}

/// Versions written by one save: new versions for inserted and updated objects, none for
/// deleted ones.
struct CommittedVersions<Root: Entity>: UnindexedVersions {
  let changes: CommittedChanges<Root>
  var count: Int { changes.inserted.count + changes.updated.count }

  init(_ changes: CommittedChanges<Root>) {
    self.changes = changes
  }

  func index(into registry: inout [UUID: Version]) {
    for object in changes.inserted { registry[object.value.id] = object.version }
    for object in changes.updated { registry[object.value.id] = object.version }
    for id in changes.deleted { registry[id] = nil }
  }
}
