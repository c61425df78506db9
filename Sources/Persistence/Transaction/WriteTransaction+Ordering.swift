import Foundation

// MARK: - User order

extension WriteTransaction {
  /// Inserts an object at a place in its collection's user order, giving it an order key.
  /// Writes one row, or the whole collection when its keys need rebalancing.
  ///
  /// - Returns: The object as stored, with its order key.
  /// - Throws: `PersistenceError.notOrdered` if the entity has no ``Ordering`` or the anchor is
  ///   in another collection; `notFound` if the anchor does not exist.
  /// - Complexity: Two indexed queries; O(n) for the n objects of the collection when it is
  ///   rebalanced.
  @discardableResult
  public func insert<Root: Entity>(_ object: Root, at placement: Placement) throws -> Root {
    let ordering = try requireOrdering(Root.self)
    guard let key = try orderKey(for: object, at: placement, ordering: ordering) else {
      return try insertRebalancing(object, at: placement, ordering: ordering)
    }
    return try insert(try ordering.setting(key, in: object))
  }

  /// Moves an object to a place in its collection: its row only, unless the collection needs
  /// rebalancing.
  ///
  /// - Parameters:
  ///   - object: The object, as read (its version is the one expected).
  ///   - placement: Where to put it.
  ///   - expectedVersion: The version the caller read, if not the object's own.
  /// - Returns: The object as stored, with its new order key and version.
  /// - Throws: `PersistenceError.notOrdered`, `notFound` for an unknown anchor, `conflict`.
  @discardableResult
  public func move<Root: Entity>(
    _ object: Root, to placement: Placement, expectedVersion: Int? = nil
  ) throws -> Root {
    let ordering = try requireOrdering(Root.self)
    if let key = try orderKey(for: object, at: placement, ordering: ordering) {
      return try update(try ordering.setting(key, in: object), expectedVersion: expectedVersion)
    }
    let key = try respace(around: object, at: placement, ordering: ordering)
    return try update(try ordering.setting(key, in: object), expectedVersion: expectedVersion)
  }

  // MARK: - Helpers

  private func requireOrdering<Root: Entity>(_ type: Root.Type) throws -> Ordering<Root> {
    guard let ordering = Root.ordering else {
      throw PersistenceError.notOrdered(entity: Root.entityName)
    }
    return ordering
  }

  /// The collection of `object`, in user order.
  private func collection<Root: Entity>(of object: Root, ordering: Ordering<Root>) throws
    -> [Root]
  {
    try fetch(
      FetchRequest(filter: ordering.sameCollection(as: object), sortedBy: [ordering.key.ascending])
    )
  }

  /// The index `placement` names among `members` (which exclude the placed object).
  private func position<Root: Entity>(
    of placement: Placement, among members: [Root], moving id: UUID
  ) throws -> Int {
    switch placement {
    case .top: return 0
    case .bottom: return members.count
    case .before(let anchor), .after(let anchor):
      guard let found = members.firstIndex(where: { $0.id == anchor }) else {
        if anchor == id { throw PersistenceError.notOrdered(entity: Root.entityName) }
        throw PersistenceError.notFound(entity: Root.entityName, id: anchor)
      }
      if case .after = placement { return found + 1 }
      return found
    }
  }

  private func insertRebalancing<Root: Entity>(
    _ object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> Root {
    let key = try respace(around: object, at: placement, ordering: ordering)
    return try insert(try ordering.setting(key, in: object))
  }

  /// Gives the other members of `object`'s collection fresh, evenly spaced keys in their
  /// order, leaving a gap at `placement`, and returns the key of that gap.
  private func respace<Root: Entity>(
    around object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> OrderKey {
    let members = try collection(of: object, ordering: ordering).filter { $0.id != object.id }
    let index = try position(of: placement, among: members, moving: object.id)
    let keys = try OrderKey.spaced(members.count + 1, between: nil, and: nil)
    for (offset, member) in members.enumerated() {
      let key = keys[offset < index ? offset : offset + 1]
      if member[keyPath: ordering.key.keyPath] != key {
        try update(try ordering.setting(key, in: member))
      }
    }
    persistenceLogger.debug("rebalanced \(members.count + 1) \(Root.entityName) objects")
    return keys[index]
  }

  /// The key between the neighbours of `placement`, or `nil` when the collection must be
  /// rebalanced instead (equal neighbours, or a key grown too long).
  private func orderKey<Root: Entity>(
    for object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> OrderKey? {
    let others =
      ordering.sameCollection(as: object)
      && Filter(.not(.compare(.identifier, .equal, object.id.storedValue)))
    let key = ordering.key
    func first(_ filter: Filter<Root>, ascending: Bool) throws -> OrderKey? {
      let request = FetchRequest<Root>(
        filter: filter, sortedBy: [SortKey(key, ascending: ascending)], limit: 1)
      return try firstValue(of: key, in: request)
    }
    let lower: OrderKey?
    let upper: OrderKey?
    switch placement {
    case .top:
      lower = nil
      upper = try first(others, ascending: true)
    case .bottom:
      lower = try first(others, ascending: false)
      upper = nil
    case .before(let id), .after(let id):
      guard let anchor = try self.object(Root.self, id: id) else {
        throw PersistenceError.notFound(entity: Root.entityName, id: id)
      }
      guard ordering.sameCollection(as: object).matches(anchor), id != object.id else {
        throw PersistenceError.notOrdered(entity: Root.entityName)
      }
      let anchorKey = anchor[keyPath: key.keyPath]
      if case .before = placement {
        lower = try first(others && key < anchorKey, ascending: false)
        upper = anchorKey
      } else {
        lower = anchorKey
        upper = try first(others && key > anchorKey, ascending: true)
      }
    }
    guard let between = try? OrderKey.between(lower, upper), !between.needsRebalance else {
      return nil
    }
    return between
  }
}
