/// One stored property of an entity: its column name and the key path that reads it.
///
/// Attributes are what filters, sort keys and section keys are made of; they compile to
/// SQL by `name` and evaluate in memory by reading the property, so both give the same
/// answer.
///
/// ``Entity(_:)`` declares one per stored property, named after it (`titleAttribute`), with a
/// closure that reads the property directly; an entity declared by hand writes them itself,
/// with the key path alone or with the closure too
/// (``init(_:_:storedValue:)``):
///
/// ```swift
/// extension Todo {
///   static let titleAttribute = Attribute("title", \Todo.title)
///   static let doneAttribute = Attribute("done", \Todo.done)
/// }
/// let open = FetchRequest<Todo>(
///   filter: Todo.doneAttribute == false, sortedBy: [Todo.titleAttribute.ascending])
/// ```
///
/// The name must be the property's `Codable` key: entities can be read back with `Decodable`.
public struct Attribute<Root: Entity, Value: AttributeValue>: Sendable {
  /// The column name, which is also the property's coding key.
  public let name: String
  /// The property the attribute reads.
  public let keyPath: KeyPath<Root, Value> & Sendable
  /// Reads the property's stored value: an observation evaluates its filter and sort keys
  /// on every object a commit writes, and a closure that names the property reads it
  /// directly, where a key path is applied through generic code at run time.
  private let storedValue: @Sendable (Root) -> StoredValue

  /// Declares an attribute.
  ///
  /// - Parameters:
  ///   - name: The column name and coding key (letters, digits and `_`).
  ///   - keyPath: The property.
  public init(_ name: String, _ keyPath: KeyPath<Root, Value> & Sendable) {
    self.init(name, keyPath, storedValue: { $0[keyPath: keyPath].storedValue })
  }

  /// Declares an attribute with a closure that reads the same property as `keyPath`, as
  /// ``Entity(_:)`` declares them: filters and sort keys evaluated in memory read it through
  /// the closure, which is faster than the key path.
  ///
  /// ```swift
  /// static let titleAttribute = Attribute("title", \Todo.title, storedValue: { $0.title.storedValue })
  /// ```
  ///
  /// - Parameters:
  ///   - name: The column name and coding key (letters, digits and `_`).
  ///   - keyPath: The property.
  ///   - storedValue: The property's ``AttributeValue/storedValue`` in an object.
  public init(
    _ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
    storedValue: @escaping @Sendable (Root) -> StoredValue
  ) {
    self.name = name
    self.keyPath = keyPath
    self.storedValue = storedValue
  }

  /// The attribute without its value type, as entities list them.
  public var erased: AnyAttribute<Root> {
    AnyAttribute(
      name: name, storageType: Value.storageType, isOptional: Value.isOptional,
      read: storedValue)
  }
}

/// An attribute whose value type is erased: what `Entity.attributes` lists.
public struct AnyAttribute<Root: Entity>: Sendable {
  /// The column name, which is also the property's coding key.
  public let name: String
  /// The column's storage class.
  public let storageType: StorageType
  /// Whether the column accepts `NULL`.
  public let isOptional: Bool
  let read: @Sendable (Root) -> StoredValue

  /// The attribute's stored value in `object`.
  public func storedValue(of object: Root) -> StoredValue {
    read(object)
  }
}

extension AnyAttribute {
  /// The attribute that reads an entity's identifier (column `id`).
  static var identifier: AnyAttribute<Root> {
    AnyAttribute(
      name: "id", storageType: .blob, isOptional: false, read: { $0.id.storedValue })
  }
}
