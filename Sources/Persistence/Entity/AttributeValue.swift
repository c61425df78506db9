import Foundation

/// A Swift type that can be stored in one column of an entity's table.
///
/// The library provides `String`, `Int`, `Int64`, `Double`, `Bool`, `UUID`, `Date`, `Data`,
/// `OrderKey` and `Optional` of any of them. A `RawRepresentable` type whose raw value is an
/// attribute value conforms with an empty extension:
///
/// ```swift
/// enum Priority: String, Codable, Sendable { case low, high }
/// extension Priority: AttributeValue {}
/// ```
public protocol AttributeValue: Sendable {
  /// The column's storage class.
  static var storageType: StorageType { get }
  /// Whether the column accepts `NULL`. `false` except for `Optional`.
  static var isOptional: Bool { get }
  /// The value as stored.
  var storedValue: StoredValue { get }
  /// Reads a value back from its stored form.
  ///
  /// - Throws: `PersistenceError.invalidValue` when the stored value has the wrong form.
  init(storedValue: StoredValue) throws
}

extension AttributeValue {
  @inlinable public static var isOptional: Bool { false }
}

extension AttributeValue where Self: RawRepresentable, RawValue: AttributeValue {
  @inlinable public static var storageType: StorageType { RawValue.storageType }
  @inlinable public var storedValue: StoredValue { rawValue.storedValue }
  @inlinable public init(storedValue: StoredValue) throws {
    guard let value = Self(rawValue: try RawValue(storedValue: storedValue)) else {
      throw PersistenceError.invalidValue(type: "\(Self.self)", value: storedValue)
    }
    self = value
  }
}

// MARK: - Standard types

extension String: AttributeValue {
  @inlinable public static var storageType: StorageType { .text }
  @inlinable public var storedValue: StoredValue { .text(self) }
  @inlinable public init(storedValue: StoredValue) throws {
    guard case .text(let text) = storedValue else {
      throw PersistenceError.invalidValue(type: "String", value: storedValue)
    }
    self = text
  }
}

extension Int64: AttributeValue {
  @inlinable public static var storageType: StorageType { .integer }
  @inlinable public var storedValue: StoredValue { .integer(self) }
  @inlinable public init(storedValue: StoredValue) throws {
    switch storedValue {
    case .integer(let value): self = value
    case .real(let value) where Double(Int64(exactly: value) ?? 0) == value:
      self = Int64(value)
    default: throw PersistenceError.invalidValue(type: "Int64", value: storedValue)
    }
  }
}

extension Int: AttributeValue {
  @inlinable public static var storageType: StorageType { .integer }
  @inlinable public var storedValue: StoredValue { .integer(Int64(self)) }
  @inlinable public init(storedValue: StoredValue) throws {
    self = Int(try Int64(storedValue: storedValue))
  }
}

extension Double: AttributeValue {
  @inlinable public static var storageType: StorageType { .real }
  @inlinable public var storedValue: StoredValue { .real(self) }
  @inlinable public init(storedValue: StoredValue) throws {
    switch storedValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: throw PersistenceError.invalidValue(type: "Double", value: storedValue)
    }
  }
}

extension Bool: AttributeValue {
  @inlinable public static var storageType: StorageType { .integer }
  @inlinable public var storedValue: StoredValue { .integer(self ? 1 : 0) }
  @inlinable public init(storedValue: StoredValue) throws {
    self = try Int64(storedValue: storedValue) != 0
  }
}

extension UUID: AttributeValue {
  @inlinable public static var storageType: StorageType { .blob }
  @inlinable public var storedValue: StoredValue { .blob(withUnsafeBytes(of: uuid) { Data($0) }) }
  @inlinable public init(storedValue: StoredValue) throws {
    guard case .blob(let data) = storedValue, let id = UUID(storedBytes: data) else {
      throw PersistenceError.invalidValue(type: "UUID", value: storedValue)
    }
    self = id
  }

  /// A UUID from its 16 stored bytes; `nil` for anything else. Both engines' row readers and
  /// the stored-value conversion read a UUID this way.
  @inlinable
  init?(storedBytes data: Data?) {
    guard let data, data.count == 16 else { return nil }
    self = data.withUnsafeBytes { UUID(uuidBytes: $0) }
  }

  /// The UUID of 16 bytes in memory, read in place: `bytes` holds exactly 16 bytes.
  @inlinable
  init(uuidBytes bytes: UnsafeRawBufferPointer) {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: bytes) }
    self.init(uuid: value)
  }
}

extension Date: AttributeValue {
  @inlinable public static var storageType: StorageType { .real }
  @inlinable public var storedValue: StoredValue { .real(timeIntervalSince1970) }
  @inlinable public init(storedValue: StoredValue) throws {
    self = Date(timeIntervalSince1970: try Double(storedValue: storedValue))
  }
}

extension Data: AttributeValue {
  @inlinable public static var storageType: StorageType { .blob }
  @inlinable public var storedValue: StoredValue { .blob(self) }
  @inlinable public init(storedValue: StoredValue) throws {
    guard case .blob(let data) = storedValue else {
      throw PersistenceError.invalidValue(type: "Data", value: storedValue)
    }
    self = data
  }
}

extension Optional: AttributeValue where Wrapped: AttributeValue {
  @inlinable public static var storageType: StorageType { Wrapped.storageType }
  @inlinable public static var isOptional: Bool { true }
  @inlinable public var storedValue: StoredValue { self?.storedValue ?? .null }
  @inlinable public init(storedValue: StoredValue) throws {
    self = storedValue.isNull ? nil : try Wrapped(storedValue: storedValue)
  }
}
