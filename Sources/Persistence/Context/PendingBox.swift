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

  /// The batch to commit: every change in the box.
  func makeBatch() throws -> any AnyEntityBatch {
    var batch = EntityBatch<Root>()
    batch.inserts.reserveCapacity(changes.count)
    for (id, change) in changes {
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
    return batch
  }

  /// Forgets the saved changes (those with a serial up to `serial`, which the batch held),
  /// keeps changes made during the save, rebased on the saved versions, and returns the new
  /// versions for the context's registry.
  ///
  /// - Complexity: O(n) for n changes, hashing only the changes made during the save.
  func finishSave(
    upTo serial: UInt64, committed: (any AnyCommittedChanges)?
  ) -> (any UnindexedVersions)? {
    let committed = committed as? CommittedChanges<Root>
    var kept: [UUID: PendingChange<Root>] = [:]
    for (id, change) in changes where change.serial > serial { kept[id] = change }
    if !kept.isEmpty, let committed {
      for object in committed.inserted + committed.updated {
        guard var change = kept[object.value.id], let version = object.version else { continue }
        if change.kind == .inserted { change.kind = .updated }
        change.baseVersion = version
        kept[object.value.id] = change
      }
    }
    changes = kept
    return committed.map(CommittedVersions.init)
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
  func makeBatch() throws -> any AnyEntityBatch
  func finishSave(
    upTo serial: UInt64, committed: (any AnyCommittedChanges)?
  ) -> (any UnindexedVersions)?
  func forget(marks: [UUID: UInt64])
  func makePush() -> any AnyPushBatch
}
