import Foundation

/// A kind of object the store keeps: a Swift value type with a table of its own.
///
/// An app declares its own entities; the library knows none. Each one is `Codable` (objects are
/// read back with `Decodable`, one column per coding key), `Sendable`, `Equatable` and
/// identified by a `UUID` stored in the column `id`. The store adds a column `version`, used
/// for optimistic concurrency; it is not part of the value.
///
/// ```swift
/// struct Todo: Entity {
///   var id = UUID()
///   var title: String
///   var done = false
///
///   static let entityName = "todo"
///   static let title = Attribute("title", \Todo.title)
///   static let done = Attribute("done", \Todo.done)
///   static let attributes = [title.erased, done.erased]
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
}

extension Entity {
  public static var migrations: [Migration] {
    [Migration("create", [.createTable()])]
  }

  public static var ordering: Ordering<Self>? { nil }
}

extension Entity {
  /// The attribute named `name`, including `id`.
  static func attribute(named name: String) -> AnyAttribute<Self>? {
    if name == "id" { return .identifier }
    return attributes.first { $0.name == name }
  }
}
