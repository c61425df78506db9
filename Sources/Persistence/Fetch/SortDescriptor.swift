/// One sort key of a fetch request: an attribute and a direction.
///
/// Objects sort as the store's `ORDER BY` does (`NULL` first when ascending, text by bytes);
/// every request ends with the object identifier as a last key, so the order is total and the
/// same in SQL and in memory.
public struct SortDescriptor<Root: Entity>: Sendable {
  /// The attribute sorted by.
  public let attribute: AnyAttribute<Root>
  /// Whether smaller values come first.
  public let ascending: Bool

  /// Creates a sort descriptor.
  public init<Value>(_ attribute: Attribute<Root, Value>, ascending: Bool = true) {
    self.attribute = attribute.erased
    self.ascending = ascending
  }

  init(erased attribute: AnyAttribute<Root>, ascending: Bool) {
    self.attribute = attribute
    self.ascending = ascending
  }
}

extension Attribute {
  /// Sorts by this attribute, smallest first.
  public var ascending: SortDescriptor<Root> { SortDescriptor(self, ascending: true) }
  /// Sorts by this attribute, largest first.
  public var descending: SortDescriptor<Root> { SortDescriptor(self, ascending: false) }
}

extension Array {
  /// Orders two objects by these sort descriptors, then by identifier.
  func order<Root>(_ lhs: Root, _ rhs: Root) -> Int where Element == SortDescriptor<Root> {
    for descriptor in self {
      let order = StoredValue.sortOrder(
        descriptor.attribute.read(lhs), descriptor.attribute.read(rhs))
      if order != 0 { return descriptor.ascending ? order : -order }
    }
    return StoredValue.sortOrder(lhs.id.storedValue, rhs.id.storedValue)
  }
}
