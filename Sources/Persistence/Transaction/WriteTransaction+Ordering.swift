import Foundation

// MARK: - User order

extension WriteTransaction: OrderPlacing {
  /// Inserts an object at a place in its collection's user order, giving it an order key.
  /// Writes one row, or also its neighbours when the keys there need rebalancing.
  ///
  /// - Returns: The object as stored, with its order key.
  /// - Throws: `PersistenceError.notOrdered` if the entity has no ``Ordering`` or the anchor is
  ///   in another collection; `notFound` if the anchor does not exist.
  /// - Complexity: Two indexed queries; when the keys at that spot need rebalancing, O(w) for
  ///   a window of w neighbours, usually a few dozen (the whole collection at worst).
  @discardableResult
  public func insert<Root: Entity>(_ object: Root, at placement: Placement) throws -> Root {
    let ordering = try Root.requireOrdering()
    let key = try placementKey(for: object, at: placement, ordering: ordering)
    return try insert(try ordering.setting(key, in: object))
  }

  /// Moves an object to a place in its collection: its row only, unless the keys at that spot
  /// need rebalancing (then a window of its neighbours too).
  ///
  /// - Parameters:
  ///   - object: The object, as read (its version is the one expected).
  ///   - placement: Where to put it.
  ///   - expectedVersion: The version the caller read, if not the object's own.
  /// - Returns: The object as stored, with its new order key and version.
  /// - Throws: `PersistenceError.notOrdered`, `notFound` for an unknown anchor, `conflict`.
  @discardableResult
  public func move<Root: Entity>(
    _ object: Root, to placement: Placement, expectedVersion: Version? = nil
  ) throws -> Root {
    try update(try placing(object, at: placement), expectedVersion: expectedVersion)
  }

  /// The object with the order key of a place in its collection, not written: what
  /// ``move(_:to:expectedVersion:)`` writes, for a caller that changes more of the object
  /// with its new place in mind and then writes it once (``update(_:expectedVersion:)``).
  /// The neighbours are written when the keys at that spot need rebalancing.
  ///
  /// - Throws: `PersistenceError.notOrdered`, or `notFound` for an unknown anchor.
  public func placing<Root: Entity>(_ object: Root, at placement: Placement) throws -> Root {
    let ordering = try Root.requireOrdering()
    let key = try placementKey(for: object, at: placement, ordering: ordering)
    return try ordering.setting(key, in: object)
  }

  // MARK: - OrderPlacing

  func firstKey<Root: Entity>(of key: Attribute<Root, OrderKey>, in request: FetchRequest<Root>)
    throws -> OrderKey?
  {
    try firstValue(of: key, in: request)
  }

  func rekey<Root: Entity>(_ member: Root, to key: OrderKey, ordering: Ordering<Root>) throws {
    try update(try ordering.setting(key, in: member))
  }
}
