import Foundation

// MARK: - Saving

extension ModelContext {
  /// Saves every unsaved change, all or nothing.
  ///
  /// A view or background context commits to the store in one transaction; what it saved is
  /// then merged by the view context and delivered to observers. A child context pushes its
  /// changes into its parent only.
  ///
  /// Changes made while a save is running stay pending for the next save.
  ///
  /// - Returns: How many objects were inserted, updated and deleted.
  /// - Throws: `PersistenceError.conflict(entity:id:)` naming the first object someone else
  ///   changed or deleted since this context read it (nothing is saved), or `EngineError`.
  @discardableResult
  public func save() async throws -> SaveSummary {
    try await saveLock.withLock {
      if let parent {
        return try pushToParent(parent)
      }
      return try await commitToStore()
    }
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

  private func commitToStore() async throws -> SaveSummary {
    let (prepared, serial) = try state.withLock { state in
      let parts = try state.boxes.filter { !$0.value.isEmpty }.map { type, box in
        (type: type, batch: try box.makeBatch())
      }
      // Every change up to this serial is in the batch; later ones stay pending.
      return (parts, state.serial)
    }
    guard !prepared.isEmpty else { return .empty }
    let summary = try await core.engine.commit(prepared.map(\.batch))
    var result = SaveSummary.empty
    state.withLock { state in
      for part in prepared {
        let committed = summary.changes[part.type]
        if let versions = state.boxes[part.type]?.finishSave(upTo: serial, committed: committed) {
          state.register(versions, for: part.type)
        }
      }
    }
    for changes in summary.changes.values {
      if let counted = changes as? any CountedChanges {
        result.inserted += counted.counts.inserted
        result.updated += counted.counts.updated
        result.deleted += counted.counts.deleted
      }
    }
    return result
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
