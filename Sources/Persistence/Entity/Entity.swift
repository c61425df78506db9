import Foundation

/// A kind of object the store keeps: a Swift value type with a table of its own.
///
/// An app declares its own entities; the library knows none. Each one is `Codable` (objects are
/// read back with `Decodable`, one column per coding key), `Sendable`, `Equatable` and
/// identified by a `UUID` stored in the column `id`. The store adds a column `version`, used
/// for optimistic concurrency: 1 when inserted, one more on every write of the row. An entity
/// that wants it in its value (as an ETag, or for an `If-Match` check) names the property in
/// ``storeVersion`` and decodes it from the coding key `version`; it is never a second
/// counter.
///
/// ``Entity(_:)`` declares the conformance from the struct's stored properties:
///
/// ```swift
/// @Entity("todo")
/// struct Todo {
///   var id = UUID()
///   var title: String
///   var done = false
/// }
/// ```
///
/// A property's default runs in every initialiser, ``RowDecodable/init(row:)`` included, before
/// the row's value replaces it: `var id = UUID()` makes a random UUID (about 2 µs) for every
/// object read. Where objects are read often, declare `var id: UUID` and give the default in
/// the initialiser that makes new objects.
///
/// A struct that cannot take the macro (one declared inside a function) writes the same by
/// hand:
///
/// ```swift
/// struct Todo: Entity {
///   var id = UUID()
///   var title: String
///   var done = false
///
///   static let entityName = "todo"
///   static let titleAttribute = Attribute("title", \Todo.title)
///   static let doneAttribute = Attribute("done", \Todo.done)
///   static let attributes = [titleAttribute.erased, doneAttribute.erased]
/// }
/// ```
public protocol Entity: Codable, Sendable, Identifiable, Equatable where ID == UUID {
  /// The table name (letters, digits and `_`; not starting with `persistence_`).
  static var entityName: String { get }
  /// The stored properties other than `id`, in column order.
  static var attributes: [AnyAttribute<Self>] { get }
  /// The schema changes of this entity's table, oldest first. Applied migrations are remembered
  /// by identifier; append new ones, never edit or remove applied ones.
  ///
  /// The default creates the table with every attribute.
  static var migrations: [Migration] { get }
  /// How objects are ordered by the user, if they are: an order-key attribute and the
  /// attribute naming their collection. `nil` by default.
  static var ordering: Ordering<Self>? { get }
  /// The property that mirrors the store's `version` column, if the entity has one. It is
  /// read with the object (coding key `version`), set on the values a save or a write
  /// transaction returns and publishes, and it is the version an update or delete in a
  /// ``WriteTransaction`` expects. An object is inserted at the version it carries (at least
  /// 1), so an import keeps its source's versions. `nil` by default.
  static var storeVersion: WritableKeyPath<Self, Version>? { get }
}

extension Entity {
  public static var migrations: [Migration] {
    [Migration("create", [.createTable()])]
  }

  public static var ordering: Ordering<Self>? { nil }

  public static var storeVersion: WritableKeyPath<Self, Version>? { nil }
}

extension Entity {
  /// `object` with its ``storeVersion`` property set to `version` (unchanged if it has none).
  static func stamped(_ object: Self, version: Version) -> Self {
    guard let keyPath = storeVersion else { return object }
    var copy = object
    copy[keyPath: keyPath] = version
    return copy
  }

  /// The version `object` carries in its ``storeVersion`` property, if it has one.
  static func carriedVersion(of object: Self) -> Version? {
    storeVersion.map { object[keyPath: $0] }
  }
}

extension Entity {
  /// The attribute named `name`, including `id`.
  static func attribute(named name: String) -> AnyAttribute<Self>? {
    if name == "id" { return .identifier }
    return attributes.first { $0.name == name }
  }
}

extension [ObjectIdentifier: any Entity.Type] {
  /// The entity types keyed by type, as engines and containers look them up.
  init(byType entities: [any Entity.Type]) {
    self.init(minimumCapacity: entities.count)
    for entity in entities { self[ObjectIdentifier(entity)] = entity }
  }
}
