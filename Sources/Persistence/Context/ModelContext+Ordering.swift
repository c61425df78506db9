import Foundation

// MARK: - User order

extension ModelContext {
  /// Inserts an object at a place in its collection's user order, giving it an order key.
  ///
  /// - Parameters:
  ///   - object: The new object; its order key is replaced.
  ///   - placement: Top, bottom, or before or after another object of the same collection.
  /// - Returns: The object as inserted, with its order key.
  /// - Throws: `PersistenceError.notOrdered` if the entity has no ``Ordering`` or the anchor
  ///   is in another collection; `notFound` if the anchor does not exist.
  /// - Complexity: Two indexed queries; O(n) for the n objects of the collection when the new
  ///   key is too long and the collection is rebalanced.
  @discardableResult
  public func insert<Root: Entity>(_ object: Root, at placement: Placement) async throws -> Root {
    let ordering = try requireOrdering(Root.self)
    let key = try await orderKey(for: object, at: placement, ordering: ordering)
    let placed = try ordering.setting(key, in: object)
    try insert(placed)
    return try await rebalanceIfNeeded(placed, key: key, ordering: ordering)
  }

  /// Moves an object to a place in its collection. Only the object's row changes (unless the
  /// collection needs rebalancing, which rewrites that collection in the same save).
  ///
  /// - Returns: The object with its new order key.
  /// - Throws: `PersistenceError.notOrdered`, or `notFound` for an unknown object or anchor.
  @discardableResult
  public func move<Root: Entity>(_ object: Root, to placement: Placement) async throws -> Root {
    let ordering = try requireOrdering(Root.self)
    guard let current = try await self.object(Root.self, id: object.id) else {
      throw PersistenceError.notFound(entity: Root.entityName, id: object.id)
    }
    let key = try await orderKey(for: current, at: placement, ordering: ordering)
    let moved = try ordering.setting(key, in: current)
    try update(moved)
    return try await rebalanceIfNeeded(moved, key: key, ordering: ordering)
  }

  /// Moves an object just before another one of the same collection.
  @discardableResult
  public func move<Root: Entity>(_ object: Root, before other: Root) async throws -> Root {
    try await move(object, to: .before(other.id))
  }

  /// Moves an object just after another one of the same collection.
  @discardableResult
  public func move<Root: Entity>(_ object: Root, after other: Root) async throws -> Root {
    try await move(object, to: .after(other.id))
  }

  /// Gives every object of `object`'s collection fresh, evenly spaced keys in their current
  /// order. Saved, like any change, by the next `save()`, in one transaction.
  ///
  /// - Complexity: O(n) for the n objects of the collection.
  public func rebalance<Root: Entity>(collectionOf object: Root) async throws {
    try await rebalance(collectionOf: object, ordering: try requireOrdering(Root.self))
  }

  // MARK: - Helpers

  private func requireOrdering<Root: Entity>(_ type: Root.Type) throws -> Ordering<Root> {
    try core.checkKnown(type)
    guard let ordering = Root.ordering else {
      throw PersistenceError.notOrdered(entity: Root.entityName)
    }
    return ordering
  }

  private func orderKey<Root: Entity>(
    for object: Root, at placement: Placement, ordering: Ordering<Root>
  ) async throws -> OrderKey {
    do {
      return try await neighbourKey(for: object, at: placement, ordering: ordering)
    } catch OrderKeyError.notAscending {
      // Two objects share a key (saved concurrently at the same spot): respace, then retry.
      try await rebalance(collectionOf: object, ordering: ordering)
      return try await neighbourKey(for: object, at: placement, ordering: ordering)
    }
  }

  private func neighbourKey<Root: Entity>(
    for object: Root, at placement: Placement, ordering: Ordering<Root>
  ) async throws -> OrderKey {
    let others =
      ordering.sameCollection(as: object)
      && Filter(.not(.compare(.identifier, .equal, object.id.storedValue)))
    let key = ordering.key
    func first(_ filter: Filter<Root>, ascending: Bool) async throws -> OrderKey? {
      let request = FetchRequest<Root>(
        filter: filter, sortedBy: [SortKey(key, ascending: ascending)], limit: 1)
      return try await fetch(request).first?[keyPath: key.keyPath]
    }
    switch placement {
    case .top:
      return try OrderKey.between(nil, try await first(others, ascending: true))
    case .bottom:
      return try OrderKey.between(try await first(others, ascending: false), nil)
    case .before(let id), .after(let id):
      guard let anchor = try await self.object(Root.self, id: id) else {
        throw PersistenceError.notFound(entity: Root.entityName, id: id)
      }
      guard ordering.sameCollection(as: object).matches(anchor), id != object.id else {
        throw PersistenceError.notOrdered(entity: Root.entityName)
      }
      let anchorKey = anchor[keyPath: key.keyPath]
      if case .before = placement {
        let previous = try await first(others && key < anchorKey, ascending: false)
        return try OrderKey.between(previous, anchorKey)
      }
      let next = try await first(others && key > anchorKey, ascending: true)
      return try OrderKey.between(anchorKey, next)
    }
  }

  private func rebalanceIfNeeded<Root: Entity>(
    _ object: Root, key: OrderKey, ordering: Ordering<Root>
  ) async throws -> Root {
    guard key.needsRebalance else { return object }
    try await rebalance(collectionOf: object, ordering: ordering)
    return try await self.object(Root.self, id: object.id) ?? object
  }

  private func rebalance<Root: Entity>(
    collectionOf object: Root, ordering: Ordering<Root>
  ) async throws {
    let request = FetchRequest<Root>(
      filter: ordering.sameCollection(as: object), sortedBy: [ordering.key.ascending])
    let members = try await fetch(request)
    let keys = try OrderKey.spaced(members.count, between: nil, and: nil)
    for (member, key) in zip(members, keys) where member[keyPath: ordering.key.keyPath] != key {
      try update(try ordering.setting(key, in: member))
    }
    persistenceLogger.debug(
      "rebalanced \(members.count) \(Root.entityName) objects of one collection")
  }
}
