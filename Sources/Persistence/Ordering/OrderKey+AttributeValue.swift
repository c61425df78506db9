extension OrderKey: AttributeValue {
  @inlinable public static var storageType: StorageType { .text }
  @inlinable public var storedValue: StoredValue { .text(rawValue) }
  @inlinable public init(storedValue: StoredValue) throws {
    guard case .text(let text) = storedValue, let key = OrderKey(rawValue: text) else {
      throw PersistenceError.invalidValue(type: "OrderKey", value: storedValue)
    }
    self = key
  }
}
