import Foundation

// MARK: - Fetching

extension ModelContext {
  /// The objects a request describes, including this context's unsaved changes (and its
  /// parents'): inserted objects that match appear, deleted ones disappear, updated ones
  /// appear with their new values and positions.
  ///
  /// - Complexity: One query; O(p log p) more for p pending changes of the entity.
  /// - Throws: `EngineError` or `PersistenceError.decoding`.
  public func fetch<Root: Entity>(_ request: FetchRequest<Root>) async throws -> [Root] {
    try await fetchStored(request).values
  }

  /// The number of objects a request describes, including unsaved changes.
  public func count<Root: Entity>(_ request: FetchRequest<Root>) async throws -> Int {
    try await fetchStored(request).count
  }

  /// The object with this identifier, including unsaved changes; `nil` if there is none.
  public func object<Root: Entity>(_ type: Root.Type, id: UUID) async throws -> Root? {
    let request = FetchRequest<Root>(filter: Filter(.compare(.identifier, .equal, id.storedValue)))
    return try await fetch(request).first
  }

  /// Fetches with versions, overlaying pending changes, and registers the versions read.
  func fetchStored<Root: Entity>(_ request: FetchRequest<Root>) async throws -> StoredRows<Root> {
    let (inner, pendingCount) = try widened(request)
    let rows: StoredRows<Root>
    if let parent {
      rows = try await parent.fetchStored(inner)
    } else {
      rows = try await core.engine.fetch(inner, limit: inner.limit, offset: inner.offset)
    }
    return overlay(rows, request: request, pendingCount: pendingCount)
  }

  /// ``fetchStored(_:)`` in a read transaction the caller holds: what a placement in the
  /// user order reads (``OrderPlacing``).
  func fetchStored<Root: Entity>(_ request: FetchRequest<Root>, in transaction: ReadTransaction)
    throws -> StoredRows<Root>
  {
    let (inner, pendingCount) = try widened(request)
    let rows: StoredRows<Root>
    if let parent {
      rows = try parent.fetchStored(inner, in: transaction)
    } else {
      rows = try transaction.fetchStored(inner)
    }
    return overlay(rows, request: request, pendingCount: pendingCount)
  }

  /// The request to send below this context: its page widened by the number of this
  /// context's pending changes of the entity, which may push stored rows out of it.
  private func widened<Root: Entity>(_ request: FetchRequest<Root>) throws
    -> (request: FetchRequest<Root>, pendingCount: Int)
  {
    try core.checkKnown(Root.self)
    let pendingCount = state.withLock { $0.existingBox(Root.self)?.count ?? 0 }
    var inner = request
    if pendingCount > 0 {
      // Room for pending objects that may push store rows out of the page (saturating).
      inner.limit = request.limit.map {
        saturatingSum(max(0, $0), max(0, request.offset), pendingCount)
      }
      inner.offset = 0
    }
    return (inner, pendingCount)
  }

  /// `rows`, read below this context, with this context's pending changes on top; registers
  /// the versions read.
  private func overlay<Root: Entity>(
    _ rows: StoredRows<Root>, request: FetchRequest<Root>, pendingCount: Int
  ) -> StoredRows<Root> {
    state.withLock { state in
      let box = state.existingBox(Root.self)
      state.register(rows)
      guard let box, !box.isEmpty else { return rows }
      var merged = rows.stored.filter { box.changes[$0.value.id] == nil }
      for change in box.changes.values where change.kind != .deleted {
        if let value = change.value, request.matches(value) {
          merged.append(Stored(value: value, version: change.baseVersion))
        }
      }
      var arranged = request
      if pendingCount == 0 {
        arranged.offset = 0
      }
      return StoredRows(arranged.arrange(merged))
    }
  }
}

/// The sum, or `Int.max` when it overflows.
private func saturatingSum(_ values: Int...) -> Int {
  var total = 0
  for value in values {
    let (sum, overflow) = total.addingReportingOverflow(value)
    if overflow { return Int.max }
    total = sum
  }
  return total
}
