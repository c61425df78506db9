import Foundation

/// A child context's changes to one entity, on their way into the parent context.
///
/// Pushing is all or nothing: every batch is validated against the parent's state before any
/// is applied, under the parent's lock.
struct PushBatch<Root: Entity>: AnyPushBatch {
  let changes: [UUID: PendingChange<Root>]

  var marks: [UUID: UInt64] { changes.mapValues(\.serial) }
  var entityType: ObjectIdentifier { ObjectIdentifier(Root.self) }

  /// Throws if the parent's state makes a change impossible.
  func validate(against state: ContextState) throws {
    let parent = state.existingBox(Root.self)
    for (id, change) in changes {
      let existing = parent?.changes[id]
      switch (change.kind, existing?.kind) {
      case (.inserted, .inserted?), (.inserted, .updated?):
        throw PersistenceError.duplicate(entity: Root.entityName, id: id)
      case (.updated, .deleted?):
        throw PersistenceError.conflict(entity: Root.entityName, id: id, current: nil)
      default:
        break
      }
    }
  }

  /// Applies the changes to the parent's state.
  func apply(to state: inout ContextState) -> SaveSummary {
    let box = state.box(Root.self)
    var summary = SaveSummary.empty
    for (id, change) in changes {
      let serial = state.nextSerial()
      let existing = box.changes[id]
      switch change.kind {
      case .inserted:
        summary.inserted += 1
        if let existing, existing.kind == .deleted {
          box.changes[id] = PendingChange(
            kind: .updated, value: change.value, baseVersion: existing.baseVersion, serial: serial)
        } else {
          box.changes[id] = PendingChange(
            kind: .inserted, value: change.value, baseVersion: nil, serial: serial)
        }
      case .updated:
        summary.updated += 1
        switch existing?.kind {
        case .inserted?:
          box.changes[id] = PendingChange(
            kind: .inserted, value: change.value, baseVersion: nil, serial: serial)
        case .updated?:
          box.changes[id] = PendingChange(
            kind: .updated, value: change.value, baseVersion: existing?.baseVersion,
            serial: serial)
        default:
          box.changes[id] = PendingChange(
            kind: .updated, value: change.value, baseVersion: change.baseVersion, serial: serial)
        }
      case .deleted:
        summary.deleted += 1
        switch existing?.kind {
        case .inserted?:
          box.changes[id] = nil
        case .updated?:
          box.changes[id] = PendingChange(
            kind: .deleted, value: change.value, baseVersion: existing?.baseVersion,
            serial: serial)
        case .deleted?:
          break
        case nil:
          box.changes[id] = PendingChange(
            kind: .deleted, value: change.value, baseVersion: change.baseVersion, serial: serial)
        }
      }
    }
    return summary
  }
}

/// A push batch whose entity is erased.
protocol AnyPushBatch: Sendable {
  var marks: [UUID: UInt64] { get }
  var entityType: ObjectIdentifier { get }
  func validate(against state: ContextState) throws
  func apply(to state: inout ContextState) -> SaveSummary
}
