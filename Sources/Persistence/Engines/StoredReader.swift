import Foundation

/// Reads every object a request describes, with its version, in a transaction in progress.
protocol StoredReader {
  func stored<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Stored<Root>]
}

extension StoredReader {
  /// The current state of every object `records` name, per entity of `entities`: what a
  /// catch-up publishes of other processes' commits, on either engine.
  func currentState(
    of records: [ChangeLog.Record], entities: [ObjectIdentifier: any Entity.Type]
  ) throws -> [ObjectIdentifier: any AnyCommittedChanges] {
    var touched: [String: [UUID]] = [:]
    for record in records { touched[record.entity, default: []] += record.touched }
    var changes: [ObjectIdentifier: any AnyCommittedChanges] = [:]
    for (key, entity) in entities {
      guard let ids = touched[entity.entityName], !ids.isEmpty else { continue }
      changes[key] = try entity.currentState(ids: ids, from: self)
    }
    return changes
  }
}

extension Entity {
  /// The objects with these identifiers as they are now: present ones as updated, missing
  /// ones as deleted, read by `reader` in the caller's transaction.
  static func currentState(ids: [UUID], from reader: some StoredReader) throws
    -> any AnyCommittedChanges
  {
    let unique = Array(Set(ids))
    var changes = CommittedChanges<Self>()
    var found: Set<UUID> = []
    // Chunks stay under the engines' limits on bound parameters.
    for start in stride(from: 0, to: unique.count, by: 500) {
      let chunk = unique[start..<min(start + 500, unique.count)]
      let request = FetchRequest<Self>(
        filter: Filter(.isIn(.identifier, chunk.map { $0.storedValue })))
      for stored in try reader.stored(request) {
        found.insert(stored.value.id)
        changes.updated.append(stored)
      }
    }
    changes.deleted = unique.filter { !found.contains($0) }
    return changes
  }
}
