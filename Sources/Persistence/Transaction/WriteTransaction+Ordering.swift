import Foundation

// MARK: - User order

extension WriteTransaction {
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
    let ordering = try requireOrdering(Root.self)
    guard let key = try orderKey(for: object, at: placement, ordering: ordering) else {
      return try insertRebalancing(object, at: placement, ordering: ordering)
    }
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

  /// Gives the neighbours around `placement` fresh, evenly spaced keys in their order,
  /// leaving a gap at `placement`, and returns the key of that gap.
  ///
  /// Only a window of the collection is rewritten: the members whose keys lie strictly
  /// between two bounds, each `reach` members beyond the placement's neighbours (or the open
  /// end of the collection), with `reach` growing eightfold until the new keys are short. A
  /// spot where keys grew long costs a few dozen rows, not the whole collection, whose
  /// members may be many (a list's trashed todos keep their keys, so that a restored todo
  /// comes back to its place, and they are members too).
  private func respace<Root: Entity>(
    around object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> OrderKey {
    let (lower, upper) = try neighbours(of: object, at: placement, ordering: ordering)
    let others = otherMembers(of: object, ordering: ordering)
    let key = ordering.key
    /// The key `reach` members beyond `neighbour`, or `nil` when fewer lie beyond it.
    func bound(beyond neighbour: OrderKey?, ascending: Bool, reach: Int) throws -> OrderKey? {
      guard let neighbour else { return nil }
      let request = FetchRequest<Root>(
        filter: others && (ascending ? key > neighbour : key < neighbour),
        sortedBy: [SortKey(key, ascending: ascending)], offset: reach - 1)
      return try firstValue(of: key, in: request)
    }
    var reach = 16
    while true {
      let low = try bound(beyond: lower, ascending: false, reach: reach)
      let high = try bound(beyond: upper, ascending: true, reach: reach)
      var window = others
      if let low { window = window && key > low }
      if let high { window = window && key < high }
      let members = try fetch(FetchRequest(filter: window, sortedBy: [key.ascending]))
      let keys = try OrderKey.spaced(members.count + 1, between: low, and: high)
      let whole = low == nil && high == nil
      guard whole || keys.allSatisfy({ $0.rawValue.utf8.count <= Self.respacedLength }) else {
        reach *= 8
        continue
      }
      let index = try position(of: placement, among: members, moving: object.id)
      for (offset, member) in members.enumerated() {
        let key = keys[offset < index ? offset : offset + 1]
        if member[keyPath: ordering.key.keyPath] != key {
          try update(try ordering.setting(key, in: member))
        }
      }
      let scope = whole ? "the whole collection" : "around one place"
      persistenceLogger.debug(
        "rebalanced \(members.count + 1) \(Root.entityName) objects, \(scope)")
      return keys[index]
    }
  }

  /// The longest key a rebalance gives: short enough that the same spot takes about twenty
  /// more inserts before its keys need rebalancing again.
  static var respacedLength: Int { OrderKey.rebalanceLength - 4 }

  /// The filter of the members of `object`'s collection other than `object`.
  private func otherMembers<Root: Entity>(of object: Root, ordering: Ordering<Root>)
    -> Filter<Root>
  {
    ordering.sameCollection(as: object)
      && Filter(.not(.compare(.identifier, .equal, object.id.storedValue)))
  }

  /// The key between the neighbours of `placement`, or `nil` when the collection must be
  /// rebalanced instead (equal neighbours, or a key grown too long).
  private func orderKey<Root: Entity>(
    for object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> OrderKey? {
    let (lower, upper) = try neighbours(of: object, at: placement, ordering: ordering)
    guard let between = try? OrderKey.between(lower, upper), !between.needsRebalance else {
      return nil
    }
    return between
  }

  /// The keys of the members just before and just after `placement` (`nil` at an open end).
  private func neighbours<Root: Entity>(
    of object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> (lower: OrderKey?, upper: OrderKey?) {
    let others = otherMembers(of: object, ordering: ordering)
    let key = ordering.key
    func first(_ filter: Filter<Root>, ascending: Bool) throws -> OrderKey? {
      let request = FetchRequest<Root>(
        filter: filter, sortedBy: [SortKey(key, ascending: ascending)], limit: 1)
      return try firstValue(of: key, in: request)
    }
    switch placement {
    case .top:
      return (nil, try first(others, ascending: true))
    case .bottom:
      return (try first(others, ascending: false), nil)
    case .before(let id), .after(let id):
      guard let anchor = try self.object(Root.self, id: id) else {
        throw PersistenceError.notFound(entity: Root.entityName, id: id)
      }
      guard ordering.sameCollection(as: object).matches(anchor), id != object.id else {
        throw PersistenceError.notOrdered(entity: Root.entityName)
      }
      let anchorKey = anchor[keyPath: key.keyPath]
      if case .before = placement {
        return (try first(others && key < anchorKey, ascending: false), anchorKey)
      }
      return (anchorKey, try first(others && key > anchorKey, ascending: true))
    }
  }
}
