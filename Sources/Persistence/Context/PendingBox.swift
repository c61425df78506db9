import Foundation

/// The unsaved changes of one context to one entity.
///
/// A class so that changes are made in place (a struct inside a dictionary of existentials
/// would be copied on every change). Only reached under the owning context's lock.
final class PendingBox<Root: Entity>: AnyPendingBox {
  var changes: [UUID: PendingChange<Root>] = [:]

  var isEmpty: Bool { changes.isEmpty }
  var count: Int { changes.count }

  // MARK: - Saving to the store

  /// The batch to commit, and the serial of each change it contains.
  func makeBatch() throws -> (batch: any AnyEntityBatch, marks: [UUID: UInt64]) {
    var batch = EntityBatch<Root>()
    var marks: [UUID: UInt64] = [:]
    marks.reserveCapacity(changes.count)
    batch.inserts.reserveCapacity(changes.count)
    for (id, change) in changes {
      marks[id] = change.serial
      switch change.kind {
      case .inserted:
        guard let value = change.value else { continue }
        batch.inserts.append(value)
      case .updated:
        guard let value = change.value, let base = change.baseVersion else {
          throw PersistenceError.notFound(entity: Root.entityName, id: id)
        }
        batch.updates.append(.init(value: value, baseVersion: base))
      case .deleted:
        guard let base = change.baseVersion else { continue }
        batch.deletes.append(.init(id: id, baseVersion: base))
      }
    }
    return (batch, marks)
  }

  /// Forgets the saved changes, keeps changes made during the save (now based on the saved
  /// versions) and records the new versions.
  func finishSave(
    marks: [UUID: UInt64], committed: (any AnyCommittedChanges)?,
    registered: inout [UUID: Int64]
  ) {
    var newVersions: [UUID: Int64] = [:]
    if let committed = committed as? CommittedChanges<Root> {
      for object in committed.inserted { newVersions[object.value.id] = object.version }
      for object in committed.updated { newVersions[object.value.id] = object.version }
      for id in committed.deleted { registered[id] = nil }
    }
    for (id, version) in newVersions { registered[id] = version }
    for (id, serial) in marks {
      guard var change = changes[id] else { continue }
      if change.serial == serial {
        changes[id] = nil
      } else if let version = newVersions[id] {
        if change.kind == .inserted { change.kind = .updated }
        change.baseVersion = version
        changes[id] = change
      }
    }
  }

  // MARK: - Saving into a parent context

  func forget(marks: [UUID: UInt64]) {
    for (id, serial) in marks where changes[id]?.serial == serial {
      changes[id] = nil
    }
  }

  func makePush() -> any AnyPushBatch {
    PushBatch<Root>(changes: changes)
  }
}

/// A pending box whose entity is erased.
protocol AnyPendingBox: AnyObject {
  var isEmpty: Bool { get }
  var count: Int { get }
  func makeBatch() throws -> (batch: any AnyEntityBatch, marks: [UUID: UInt64])
  func finishSave(
    marks: [UUID: UInt64], committed: (any AnyCommittedChanges)?,
    registered: inout [UUID: Int64])
  func forget(marks: [UUID: UInt64])
  func makePush() -> any AnyPushBatch
}

/// The state of a context, guarded by its lock.
struct ContextState {
  var boxes: [ObjectIdentifier: any AnyPendingBox] = [:]
  /// The versions this context read, per entity, for objects it has no pending change to.
  /// Only reached through `takeRegistry`, `putRegistry` and `registeredVersion`.
  private var registered: [ObjectIdentifier: [UUID: Int64]] = [:]
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

  /// Takes an entity's registry out (uniquely referenced, so it changes in place); put it
  /// back with `putRegistry`.
  mutating func takeRegistry(_ key: ObjectIdentifier) -> [UUID: Int64] {
    var registry = registered.removeValue(forKey: key) ?? [:]
    if let batches = unindexed.removeValue(forKey: key) {
      registry.reserveCapacity(registry.count + batches.reduce(0) { $0 + $1.count })
      for batch in batches { batch.index(into: &registry) }
    }
    return registry
  }

  mutating func putRegistry(_ registry: [UUID: Int64], for key: ObjectIdentifier) {
    registered[key] = registry
  }

  /// The version this context last read for an object, if any.
  mutating func registeredVersion(_ key: ObjectIdentifier, id: UUID) -> Int64? {
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
  func index(into registry: inout [UUID: Int64])
}

struct FetchedVersions<Root: Entity>: UnindexedVersions {
  let rows: StoredRows<Root>
  var count: Int { rows.count }

  func index(into registry: inout [UUID: Int64]) {
    for (value, version) in zip(rows.values, rows.versions) {
      if let version { registry[value.id] = version }
    }
  }
}
