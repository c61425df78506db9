import Foundation

// MARK: - Making changes

extension ModelContext {
  /// Inserts a new object. It is written when the context is saved.
  ///
  /// - Throws: `PersistenceError.duplicate` if the context (or its parent) already has an
  ///   object with this identifier; `unknownEntity` if the container does not hold the entity.
  public func insert<Root: Entity>(_ object: Root) throws {
    try core.checkKnown(Root.self)
    let needsParent = try state.withLock { state -> Bool in
      if let existing = state.existingBox(Root.self)?.changes[object.id] {
        guard existing.kind == .deleted else {
          throw PersistenceError.duplicate(entity: Root.entityName, id: object.id)
        }
        let serial = state.nextSerial()
        state.box(Root.self).changes[object.id] = PendingChange(
          kind: .updated, value: object, baseVersion: existing.baseVersion, serial: serial)
        return false
      }
      if state.registeredVersion(ObjectIdentifier(Root.self), id: object.id) != nil {
        throw PersistenceError.duplicate(entity: Root.entityName, id: object.id)
      }
      return parent != nil
    }
    if needsParent, let parent {
      switch parent.knownVersion(of: Root.self, id: object.id) {
      case .stored, .unsaved:
        throw PersistenceError.duplicate(entity: Root.entityName, id: object.id)
      case .deleted, .unknown: break
      }
    }
    state.withLock { state in
      let serial = state.nextSerial()
      let box = state.box(Root.self)
      if box.changes[object.id] == nil {
        box.changes[object.id] = PendingChange(
          kind: .inserted, value: object, baseVersion: nil, serial: serial)
      }
    }
  }

  /// Records a new value for an object this context (or its parent) has read or inserted.
  ///
  /// The save fails with `PersistenceError.conflict` if someone else saved the object since.
  ///
  /// - Throws: `PersistenceError.notFound` if the context does not know the object (fetch it
  ///   first) or has deleted it.
  public func update<Root: Entity>(_ object: Root) throws {
    try change(Root.self, id: object.id, to: .updated, value: object)
  }

  /// Deletes an object this context (or its parent) has read or inserted. Deleting an object
  /// inserted in this context just forgets it.
  ///
  /// - Throws: `PersistenceError.notFound` if the context does not know the object.
  public func delete<Root: Entity>(_ object: Root) throws {
    try change(Root.self, id: object.id, to: .deleted, value: object)
  }

  /// Deletes the object of type `type` with identifier `id`.
  public func delete<Root: Entity>(_ type: Root.Type, id: UUID) throws {
    try change(Root.self, id: id, to: .deleted, value: nil)
  }

  private func change<Root: Entity>(
    _ type: Root.Type, id: UUID, to kind: PendingChange<Root>.Kind, value: Root?
  ) throws {
    try core.checkKnown(Root.self)
    let local = state.withLock { state in state.localVersion(of: Root.self, id: id) }
    let known: KnownVersion
    if case .unknown = local, let parent {
      known = parent.knownVersion(of: Root.self, id: id)
    } else {
      known = local
    }
    try state.withLock { state in
      let box = state.box(Root.self)
      let serial = state.nextSerial()
      if let existing = box.changes[id] {
        switch (existing.kind, kind) {
        case (.deleted, _):
          throw PersistenceError.notFound(entity: Root.entityName, id: id)
        case (.inserted, .deleted):
          box.changes[id] = nil
        case (.inserted, _):
          box.changes[id] = PendingChange(
            kind: .inserted, value: value, baseVersion: nil, serial: serial)
        case (.updated, _):
          box.changes[id] = PendingChange(
            kind: kind, value: value ?? existing.value, baseVersion: existing.baseVersion,
            serial: serial)
        }
        return
      }
      switch known {
      case .stored(let version):
        box.changes[id] = PendingChange(
          kind: kind, value: value, baseVersion: version, serial: serial)
      case .unsaved:
        box.changes[id] = PendingChange(kind: kind, value: value, baseVersion: nil, serial: serial)
      case .deleted, .unknown:
        throw PersistenceError.notFound(entity: Root.entityName, id: id)
      }
    }
  }

  /// What this context, then its ancestors, know about an object's version.
  func knownVersion<Root: Entity>(of type: Root.Type, id: UUID) -> KnownVersion {
    let local = state.withLock { state in state.localVersion(of: type, id: id) }
    if case .unknown = local, let parent { return parent.knownVersion(of: type, id: id) }
    return local
  }

  // MARK: - Inspecting changes

  /// Whether the context has unsaved changes.
  public var hasChanges: Bool {
    state.withLock { state in state.boxes.values.contains { !$0.isEmpty } }
  }

  /// The objects inserted and not saved yet, of one entity.
  public func insertedObjects<Root: Entity>(_ type: Root.Type) -> [Root] {
    pending(type, .inserted).compactMap { $0.value }
  }

  /// The objects updated and not saved yet, of one entity.
  public func updatedObjects<Root: Entity>(_ type: Root.Type) -> [Root] {
    pending(type, .updated).compactMap { $0.value }
  }

  /// The identifiers of objects deleted and not saved yet, of one entity.
  public func deletedIDs<Root: Entity>(_ type: Root.Type) -> Set<UUID> {
    Set(pending(type, .deleted).map { $0.id })
  }

  private func pending<Root: Entity>(
    _ type: Root.Type, _ kind: PendingChange<Root>.Kind
  ) -> [(id: UUID, value: Root?)] {
    state.withLock { state in
      (state.existingBox(type)?.changes ?? [:]).filter { $0.value.kind == kind }
        .map { ($0.key, $0.value.value) }
    }
  }

  /// Discards every unsaved change. Objects read before keep their versions.
  public func rollback() {
    state.withLock { state in state.boxes.removeAll() }
  }
}

extension ContextState {
  /// What this context alone knows about an object.
  mutating func localVersion<Root: Entity>(of type: Root.Type, id: UUID) -> KnownVersion {
    if let change = existingBox(type)?.changes[id] {
      switch change.kind {
      case .deleted: return .deleted
      case .inserted: return .unsaved
      case .updated: return change.baseVersion.map(KnownVersion.stored) ?? .unsaved
      }
    }
    if let version = registeredVersion(ObjectIdentifier(type), id: id) {
      return .stored(version)
    }
    return .unknown
  }
}
