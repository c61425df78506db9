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
