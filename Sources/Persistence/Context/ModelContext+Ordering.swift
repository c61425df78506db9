import Foundation

// MARK: - User order

extension ModelContext {
  /// Inserts an object at a place in its collection's user order, giving it an order key.
  ///
  /// The key is chosen as a ``WriteTransaction`` chooses it (``OrderPlacing``), from what this
  /// context sees: the store in one read snapshot, with this context's unsaved changes (and
  /// its parents') on top. When there is no room at that spot, a window of neighbours gets
  /// fresh keys, saved with the object by the next `save()`.
  ///
  /// - Parameters:
  ///   - object: The new object; its order key is replaced.
  ///   - placement: Top, bottom, or before or after another object of the same collection.
  /// - Returns: The object as inserted, with its order key.
  /// - Throws: `PersistenceError.notOrdered` if the entity has no ``Ordering`` or the anchor
  ///   is in another collection; `notFound` if the anchor does not exist.
  /// - Complexity: Two indexed queries; O(w) for a window of w neighbours (a few dozen,
  ///   the whole collection at worst) when the keys at that spot need rebalancing.
  @discardableResult
  public func insert<Root: Entity>(_ object: Root, at placement: Placement) async throws -> Root {
    let placed = try await placing(object, at: placement)
    try insert(placed)
    return placed
  }

  /// Moves an object to a place in its collection. Only the object's row changes, unless the
  /// keys at that spot need rebalancing (then a window of its neighbours too, in the same
  /// save).
  ///
  /// - Returns: The object with its new order key.
  /// - Throws: `PersistenceError.notOrdered`, or `notFound` for an unknown object or anchor.
  @discardableResult
  public func move<Root: Entity>(_ object: Root, to placement: Placement) async throws -> Root {
    guard let current = try await self.object(Root.self, id: object.id) else {
      throw PersistenceError.notFound(entity: Root.entityName, id: object.id)
    }
    let moved = try await placing(current, at: placement)
    try update(moved)
    return moved
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
  /// order: upkeep on demand (placements rebalance the window they need by themselves).
  /// Saved, like any change, by the next `save()`, in one transaction.
  ///
  /// - Complexity: O(n) for the n objects of the collection.
  public func rebalance<Root: Entity>(collectionOf object: Root) async throws {
    let ordering = try requireOrdering(Root.self)
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

  // MARK: - Helpers

  private func requireOrdering<Root: Entity>(_ type: Root.Type) throws -> Ordering<Root> {
    try core.checkKnown(type)
    return try Root.requireOrdering()
  }

  /// `object` with the order key of `placement`, chosen in one read snapshot; the neighbours
  /// that get fresh keys are updated in this context.
  private func placing<Root: Entity>(_ object: Root, at placement: Placement) async throws
    -> Root
  {
    let ordering = try requireOrdering(Root.self)
    let (key, rekeyed) = try await core.engine.read { transaction in
      let placing = ContextPlacement<Root>(context: self, transaction: transaction)
      let key = try placing.placementKey(for: object, at: placement, ordering: ordering)
      return (key, placing.rekeyed)
    }
    for member in rekeyed { try update(member) }
    return try ordering.setting(key, in: object)
  }
}

/// A ``ModelContext``'s side of a placement: reads see the context's unsaved changes on top
/// of one read transaction; rewritten neighbours are collected, for the context to update
/// once the placement is chosen.
private final class ContextPlacement<Member: Entity>: OrderPlacing {
  let context: ModelContext
  let transaction: ReadTransaction
  /// The neighbours given fresh keys, in the order they were given.
  private(set) var rekeyed: [Member] = []

  init(context: ModelContext, transaction: ReadTransaction) {
    self.context = context
    self.transaction = transaction
  }

  func fetch<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Root] {
    try context.fetchStored(request, in: transaction).values
  }

  func firstKey<Root: Entity>(of key: Attribute<Root, OrderKey>, in request: FetchRequest<Root>)
    throws -> OrderKey?
  {
    var first = request
    first.limit = 1
    return try fetch(first).first?[keyPath: key.keyPath]
  }

  func object<Root: Entity>(_ type: Root.Type, id: UUID) throws -> Root? {
    try fetch(FetchRequest<Root>(filter: Filter(.compare(.identifier, .equal, id.storedValue))))
      .first
  }

  func rekey<Root: Entity>(_ member: Root, to key: OrderKey, ordering: Ordering<Root>) throws {
    guard let member = try ordering.setting(key, in: member) as? Member else {
      preconditionFailure("a placement gives fresh keys to members of its own entity only")
    }
    rekeyed.append(member)
  }
}
