import Foundation

/// What placing an object in its collection's user order reads and writes: a
/// ``WriteTransaction``, or a ``ModelContext``'s view of one read transaction with the
/// context's unsaved changes on top.
///
/// The placement itself (``placementKey(for:at:ordering:)``) is written once, here: the key
/// between the placement's neighbours, or, where the keys there grew too long or two
/// neighbours share a key, fresh keys for a window of neighbours around the spot.
protocol OrderPlacing {
  /// The objects `request` describes, as this placement sees them.
  func fetch<Root: Entity>(_ request: FetchRequest<Root>) throws -> [Root]
  /// The order key of the first object `request` describes.
  func firstKey<Root: Entity>(of key: Attribute<Root, OrderKey>, in request: FetchRequest<Root>)
    throws -> OrderKey?
  /// The object with this identifier, or `nil`.
  func object<Root: Entity>(_ type: Root.Type, id: UUID) throws -> Root?
  /// Gives `member`, another object of the collection, a fresh key (a rebalance).
  func rekey<Root: Entity>(_ member: Root, to key: OrderKey, ordering: Ordering<Root>) throws
}

extension OrderPlacing {
  /// The key that puts `object` at `placement` in its collection. Rewrites the keys of a
  /// window of its neighbours first when there is no room between them.
  ///
  /// - Throws: `PersistenceError.notOrdered` if the anchor is in another collection or is the
  ///   object itself; `notFound` if the anchor does not exist.
  /// - Complexity: Two indexed queries; when the keys at that spot need rebalancing, O(w) for
  ///   a window of w neighbours, usually a few dozen (the whole collection at worst).
  func placementKey<Root: Entity>(
    for object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> OrderKey {
    let (lower, upper) = try neighbours(of: object, at: placement, ordering: ordering)
    if let between = try? OrderKey.between(lower, upper), !between.needsRebalance {
      return between
    }
    return try respace(around: object, at: placement, between: (lower, upper), ordering: ordering)
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
    around object: Root, at placement: Placement, between neighbours: (OrderKey?, OrderKey?),
    ordering: Ordering<Root>
  ) throws -> OrderKey {
    let (lower, upper) = neighbours
    let others = Self.otherMembers(of: object, ordering: ordering)
    let key = ordering.key
    /// The key `reach` members beyond `neighbour`, or `nil` when fewer lie beyond it.
    func bound(beyond neighbour: OrderKey?, ascending: Bool, reach: Int) throws -> OrderKey? {
      guard let neighbour else { return nil }
      let request = FetchRequest<Root>(
        filter: others && (ascending ? key > neighbour : key < neighbour),
        sortedBy: [SortKey(key, ascending: ascending)], offset: reach - 1)
      return try firstKey(of: key, in: request)
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
      guard whole || keys.allSatisfy({ $0.rawValue.utf8.count <= OrderKey.respacedLength }) else {
        reach *= 8
        continue
      }
      let index = try Self.position(of: placement, among: members, moving: object.id)
      for (offset, member) in members.enumerated() {
        let key = keys[offset < index ? offset : offset + 1]
        if member[keyPath: ordering.key.keyPath] != key {
          try rekey(member, to: key, ordering: ordering)
        }
      }
      let scope = whole ? "the whole collection" : "around one place"
      persistenceLogger.debug(
        "rebalanced \(members.count + 1) \(Root.entityName) objects, \(scope)")
      return keys[index]
    }
  }

  /// The keys of the members just before and just after `placement` (`nil` at an open end).
  private func neighbours<Root: Entity>(
    of object: Root, at placement: Placement, ordering: Ordering<Root>
  ) throws -> (lower: OrderKey?, upper: OrderKey?) {
    let others = Self.otherMembers(of: object, ordering: ordering)
    let key = ordering.key
    func first(_ filter: Filter<Root>, ascending: Bool) throws -> OrderKey? {
      let request = FetchRequest<Root>(
        filter: filter, sortedBy: [SortKey(key, ascending: ascending)], limit: 1)
      return try firstKey(of: key, in: request)
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

  /// The filter of the members of `object`'s collection other than `object`.
  private static func otherMembers<Root: Entity>(of object: Root, ordering: Ordering<Root>)
    -> Filter<Root>
  {
    ordering.sameCollection(as: object)
      && Filter(.not(.compare(.identifier, .equal, object.id.storedValue)))
  }

  /// The index `placement` names among `members` (which exclude the placed object).
  private static func position<Root: Entity>(
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
}

extension Entity {
  /// The entity's ``Ordering``, or `PersistenceError.notOrdered` if it has none.
  static func requireOrdering() throws -> Ordering<Self> {
    guard let ordering = Self.ordering else {
      throw PersistenceError.notOrdered(entity: entityName)
    }
    return ordering
  }
}
