/// Makes a struct an entity of the store, from its stored properties.
///
/// ```swift
/// @Entity("todo")
/// public struct Todo: Hashable {
///   public var id: UUID
///   public var title: String
///   public var deadline: Date?
///   @StoreVersion public var version: Version
///   @Column("done_at") public var doneAt: Date?
///   @Transient var isExpanded = false
///
///   public var isDone: Bool { doneAt != nil }
/// }
/// ```
///
/// Each stored instance property is a column named after it, other than `id` (the store's
/// identifier column) and these, marked:
///
/// - `@StoreVersion`: the property mirrors the store's version of the object
///   (``Entity/storeVersion``); it must be a `var` of type ``Version``.
/// - `@Column("name")`: the column has another name than the property.
/// - `@Transient`: the property is not stored; it starts from its initial value, which it
///   must have.
///
/// The macro adds, as members, `entityName`, an attribute static per column named after its
/// property (`titleAttribute`, and `idAttribute` for filters on `id`), `attributes` in
/// declaration order, `storeVersion` for a `@StoreVersion` property, and `CodingKeys` when
/// the synthesized keys would not be the columns. In an extension it adds the conformances to
/// ``Entity`` and ``RowDecodable`` that the struct does not declare, and
/// ``RowDecodable/init(row:)``, which reads the columns in declaration order; being in an
/// extension, it leaves the struct its memberwise initializer. Adding a column is then one
/// property and its migration. `migrations` and `ordering` stay the entity's own, as
/// statics in the struct or an extension.
///
/// The markers are three attributes rather than one with options because each reads as what
/// it declares, and two that contradict each other (`@Transient @StoreVersion`) are reported
/// by name. Computed and static properties are never columns and need no marker.
///
/// A struct declared inside a function cannot take the macro (its extension would be local);
/// it conforms to ``Entity`` by hand.
///
/// - Parameter name: The table name (letters, digits and `_`). It is part of the stored
///   schema, so it is written out rather than derived from the type's name: renaming the
///   type must not move its table.
@attached(
  member,
  names: named(entityName), named(attributes), named(storeVersion), named(CodingKeys), arbitrary
)
@attached(extension, conformances: Entity, RowDecodable, names: named(init(row:)))
public macro Entity(_ name: String) =
  #externalMacro(module: "EntityMacros", type: "EntityMacro")

/// `@Entity` without a table name: reports the missing name, with a fix-it that proposes one
/// made from the type's name.
@attached(
  member,
  names: named(entityName), named(attributes), named(storeVersion), named(CodingKeys), arbitrary
)
@attached(extension, conformances: Entity, RowDecodable, names: named(init(row:)))
public macro Entity() = #externalMacro(module: "EntityMacros", type: "EntityMacro")

/// Stores the property of an ``Entity(_:)`` struct in the column `name` rather than in a
/// column named after it. Its attribute static keeps the property's name.
///
/// - Parameter name: The column name (letters, digits and `_`).
@attached(peer)
public macro Column(_ name: String) = #externalMacro(module: "EntityMacros", type: "ColumnMacro")

/// Keeps the property of an ``Entity(_:)`` struct out of its table: objects read from the
/// store have the property's initial value.
@attached(peer)
public macro Transient() = #externalMacro(module: "EntityMacros", type: "TransientMacro")

/// Makes the property of an ``Entity(_:)`` struct, a `var` of type ``Version``, the mirror of
/// the store's version of the object (``Entity/storeVersion``): read with the object, set
/// after every save.
@attached(peer)
public macro StoreVersion() =
  #externalMacro(module: "EntityMacros", type: "StoreVersionMacro")
