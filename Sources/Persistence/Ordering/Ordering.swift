import Foundation

/// How an entity's objects are ordered by the user: an order-key attribute, and the attribute
/// that names the collection the order applies in (a list identifier, for example).
///
/// User order is a fractional ``OrderKey``: moving an object writes that object's row only,
/// and deleting one writes no sibling. When a key grows longer than
/// ``OrderKey/rebalanceLength`` (or two neighbours share a key), a window of neighbours around
/// the spot (a few dozen objects, widened until the new keys are short) gets fresh, evenly
/// spaced keys in the same transaction as the move. A ``WriteTransaction`` and a
/// ``ModelContext`` place objects with the same code (``OrderPlacing``).
///
/// ```swift
/// @Entity("todo")
/// struct Todo {
///   var position: OrderKey
///   var listID: UUID
///   static let ordering: Ordering<Todo>? = Ordering(
///     key: positionAttribute, collection: listIDAttribute)
///   …
/// }
/// try await context.insert(todo, at: .bottom)
/// try await context.move(todo, before: other)
/// ```
///
/// Index `(collection, key)` for fast neighbour lookups:
/// `.createIndex("todo_order", on: ["listID", "position"])`.
public struct Ordering<Root: Entity>: Sendable {
  /// The order-key attribute. Its property must be a `var`.
  public let key: Attribute<Root, OrderKey>
  /// The attribute whose value names the collection; `nil` when all objects form one.
  public let collection: AnyAttribute<Root>?

  /// Declares the user order of an entity.
  ///
  /// - Parameters:
  ///   - key: The order-key attribute (a `var` property).
  ///   - collection: The attribute naming the collection the order applies in.
  public init<Collection>(key: Attribute<Root, OrderKey>, collection: Attribute<Root, Collection>) {
    self.key = key
    self.collection = collection.erased
  }

  /// Declares the user order of an entity whose objects all form one collection.
  ///
  /// - Parameter key: The order-key attribute (a `var` property).
  public init(key: Attribute<Root, OrderKey>) {
    self.key = key
    self.collection = nil
  }

  /// `object` with its order key replaced.
  func setting(_ newKey: OrderKey, in object: Root) throws -> Root {
    guard let writable = key.keyPath as? WritableKeyPath<Root, OrderKey> else {
      throw PersistenceError.invalidDeclaration(
        entity: Root.entityName, reason: "the order key \(key.name) must be a var property")
    }
    var copy = object
    copy[keyPath: writable] = newKey
    return copy
  }

  /// The filter selecting the collection `object` belongs to.
  func sameCollection(as object: Root) -> Filter<Root> {
    guard let collection else { return Filter(.constant(true)) }
    let value = collection.read(object)
    return value.isNull
      ? Filter(.isNull(collection)) : Filter(.compare(collection, .equal, value))
  }
}

/// Where to put an object in its collection's user order.
public enum Placement: Sendable, Hashable {
  /// Before every other object.
  case top
  /// After every other object.
  case bottom
  /// Just before the object with this identifier.
  case before(UUID)
  /// Just after the object with this identifier.
  case after(UUID)
}
