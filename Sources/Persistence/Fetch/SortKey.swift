/// One sort key of a fetch request: an attribute and a direction.
///
/// Objects sort as the store's `ORDER BY` does (`NULL` first when ascending, text by bytes);
/// every request ends with the object identifier as a last key, so the order is total and the
/// same in SQL and in memory.
public struct SortKey<Root: Entity>: Sendable {
  /// The attribute sorted by.
  public let attribute: AnyAttribute<Root>
  /// Whether smaller values come first.
  public let ascending: Bool

  /// Creates a sort key.
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
  public var ascending: SortKey<Root> { SortKey(self, ascending: true) }
  /// Sorts by this attribute, largest first.
  public var descending: SortKey<Root> { SortKey(self, ascending: false) }
}

extension Array {
  /// Orders two objects by these sort keys, then by identifier.
  func order<Root>(_ lhs: Root, _ rhs: Root) -> Int where Element == SortKey<Root> {
    for key in self {
      let order = StoredValue.sortOrder(
        key.attribute.read(lhs), key.attribute.read(rhs))
      if order != 0 { return key.ascending ? order : -order }
    }
    return StoredValue.sortOrder(lhs.id.storedValue, rhs.id.storedValue)
  }
}
