import Foundation

// MARK: - Saving

extension ModelContext {
  /// Saves every unsaved change, all or nothing.
  ///
  /// A view or background context commits to the store in one write transaction, the same
  /// kind as ``PersistentContainer/write(_:)`` runs; what it saved is then merged by the view
  /// context and delivered to observers. A child context pushes its changes into its parent
  /// only.
  ///
  /// Changes made while a save is running stay pending for the next save.
  ///
  /// - Returns: How many objects were inserted, updated and deleted.
  /// - Throws: ``PersistenceError/conflict(entity:id:current:)`` naming the first object
  ///   someone else changed or deleted since this context read it (nothing is saved), or
  ///   `EngineError`.
  @discardableResult
  public func save() async throws -> SaveSummary {
    try await saveLock.withLock {
      if let parent {
        return try pushToParent(parent)
      }
      let noBody: (@Sendable (WriteTransaction) throws -> Bool)? = nil
      return try await commitToStore(then: noBody).summary
    }
  }

  /// Saves every unsaved change and runs `body` in the same write transaction, after the
  /// changes are written: the app's own rules (a permission it checks again, rows a change
  /// implies) commit with the save or not at all.
  ///
  /// ```swift
  /// try await edit.save()                        // the child's draft, into its parent
  /// let saved = try await parent.save { tx in    // the draft and the rules, in one commit
  ///   try rules.check(tx.object(Todo.self, id: id))
  /// }
  /// ```
  ///
  /// - Parameter body: Runs inside the transaction; what it throws rolls the whole save back.
  /// - Returns: What `body` returned.
  /// - Throws: ``PersistenceError/conflict(entity:id:current:)``, what `body` throws, or
  ///   ``PersistenceError/childContext`` for a child context, which has no transaction of its
  ///   own (save it into its parent, then save the parent with `body`).
  public func save<T: Sendable>(
    then body: @escaping @Sendable (WriteTransaction) throws -> T
  ) async throws -> T {
    guard parent == nil else { throw PersistenceError.childContext }
    return try await saveLock.withLock { try await commitToStore(then: body).value! }
  }

  private func pushToParent(_ parent: ModelContext) throws -> SaveSummary {
    let pushes = state.withLock { state in
      state.boxes.values.filter { !$0.isEmpty }.map { $0.makePush() }
    }
    guard !pushes.isEmpty else { return .empty }
    let summary = try parent.state.withLock { parentState in
      for push in pushes { try push.validate(against: parentState) }
      var total = SaveSummary.empty
      for push in pushes {
        let part = push.apply(to: &parentState)
        total.inserted += part.inserted
        total.updated += part.updated
        total.deleted += part.deleted
      }
      return total
    }
    state.withLock { state in
      for push in pushes { state.boxes[push.entityType]?.forget(marks: push.marks) }
    }
    return summary
  }

  /// Commits the pending changes, and runs `body` after them in the same transaction. With no
  /// change and no body, the store is not touched.
  private func commitToStore<T: Sendable>(
    then body: (@Sendable (WriteTransaction) throws -> T)?
  ) async throws -> (summary: SaveSummary, value: T?) {
    let (prepared, serial) = try state.withLock { state in
      let parts = try state.boxes.filter { !$0.value.isEmpty }.map { type, box in
        (type: type, batch: try box.makeBatch())
      }
      // Every change up to this serial is in the batch; later ones stay pending.
      return (parts, state.serial)
    }
    if prepared.isEmpty && body == nil { return (.empty, nil) }
    let batches = prepared.map(\.batch)
    let (written, value) = try await core.engine.write { tx in
      (try tx.write(batches), try body?(tx))
    }
    var result = SaveSummary.empty
    state.withLock { state in
      for part in prepared {
        let committed = written[part.type]
        if let versions = state.boxes[part.type]?.finishSave(upTo: serial, committed: committed) {
          state.register(versions, for: part.type)
        }
      }
    }
    for changes in written.values {
      if let counted = changes as? any CountedChanges {
        result.inserted += counted.counts.inserted
        result.updated += counted.counts.updated
        result.deleted += counted.counts.deleted
      }
    }
    return (result, value)
  }
}

/// Committed changes that can say how many objects of each kind they wrote.
protocol CountedChanges {
  var counts: SaveSummary { get }
}

extension CommittedChanges: CountedChanges {
  var counts: SaveSummary {
    SaveSummary(inserted: inserted.count, updated: updated.count, deleted: deleted.count)
  }
}
