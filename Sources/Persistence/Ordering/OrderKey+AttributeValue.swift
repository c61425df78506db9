extension OrderKey: AttributeValue {
  public static var storageType: StorageType { .text }
  public var storedValue: StoredValue { .text(rawValue) }
  public init(storedValue: StoredValue) throws {
    guard case .text(let text) = storedValue, let key = OrderKey(rawValue: text) else {
      throw PersistenceError.invalidValue(type: "OrderKey", value: storedValue)
    }
    self = key
  }
}
