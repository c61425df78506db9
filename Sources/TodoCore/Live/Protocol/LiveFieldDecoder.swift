import Foundation

/// A value the protocol writes as one of a few words (`"done"`, `"today"`, `"outline"`): a
/// word that is not one of them is refused with the list of those that are.
protocol LiveChoice: RawRepresentable<String>, CaseIterable, Decodable {}

extension LiveChoice {
  /// The choice `text` names.
  ///
  /// - Throws: ``LiveProtocolError/invalidField(_:_:)`` naming `field` and the words allowed.
  static func read(_ text: String, field: String) throws(LiveProtocolError) -> Self {
    guard let value = Self(rawValue: text) else {
      let allowed = allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidField(field, "must be one of \(allowed)")
    }
    return value
  }
}

extension TodoStatus: LiveChoice {}
extension SmartView: LiveChoice {}
extension PageList.Filter: LiveChoice {}
extension PageList.Layout: LiveChoice {}

/// Reads the fields of a message with the live protocol's errors instead of `DecodingError`s:
/// a field that is missing, of the wrong type, not a UUID, not one of its words
/// (``LiveChoice``) or a negative count is ``LiveProtocolError/invalidField(_:_:)`` naming
/// it, with the reason a person can act on.
///
/// It wraps the decoder of one message (`JSONDecoder`'s), so that every ``LiveFields`` struct
/// keeps its synthesized `init(from:)`: the fields are written once, as stored properties.
/// An optional field may be absent, but not `null`.
struct LiveFieldDecoder: Decoder {
  let base: any Decoder

  init(_ base: any Decoder) {
    self.base = base
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(LiveFieldContainer(base: try base.container(keyedBy: Key.self)))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try base.unkeyedContainer()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }
}

/// The fields of one message, read with ``LiveProtocolError``s (see ``LiveFieldDecoder``).
struct LiveFieldContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let base: KeyedDecodingContainer<Key>

  var codingPath: [any CodingKey] { base.codingPath }
  var allKeys: [Key] { base.allKeys }
  func contains(_ key: Key) -> Bool { base.contains(key) }
  func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }

  // MARK: - The protocol's field types

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key, "must be a string") { try base.decode(String.self, forKey: key) }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key, "must be true or false") { try base.decode(Bool.self, forKey: key) }
  }

  /// Counts and versions: whole numbers, never negative.
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let number = try read(key, "must be a whole number") { try base.decode(Int.self, forKey: key) }
    guard number >= 0 else {
      throw LiveProtocolError.invalidField(key.stringValue, "must be a whole number")
    }
    return number
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    if T.self == UUID.self {
      guard let id = UUID(uuidString: try decode(String.self, forKey: key)) else {
        throw LiveProtocolError.invalidField(key.stringValue, "must be a UUID")
      }
      return id as! T
    }
    if let choice = T.self as? any LiveChoice.Type {
      return try choice.read(try decode(String.self, forKey: key), field: key.stringValue) as! T
    }
    do {
      return try base.decode(T.self, forKey: key)
    } catch let error as DecodingError {
      throw LiveProtocolError.invalidField(key.stringValue, Self.reason(error))
    }
  }

  /// Why a field of a nested type (a server message's chrome, cells or stages) was refused.
  private static func reason(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
      return "is not valid: \(path) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "is not valid: \(path.isEmpty ? "" : path + ": ")\(context.debugDescription)"
    @unknown default:
      return "is not valid"
    }
  }

  // An optional field may be absent, but a `null` is refused like any other wrong type.

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    contains(key) ? try decode(String.self, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    contains(key) ? try decode(Bool.self, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    contains(key) ? try decode(Int.self, forKey: key) : nil
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    contains(key) ? try decode(T.self, forKey: key) : nil
  }

  // MARK: - Numbers the protocol does not use

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try number(key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try number(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try number(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try number(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try number(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try number(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try number(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try number(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try number(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try number(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try number(key) }

  private func number<T: Decodable>(_ key: Key) throws -> T {
    try read(key, "must be a number") { try base.decode(T.self, forKey: key) }
  }

  // MARK: - Nesting

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try read(key, "must be an object") {
      try base.nestedContainer(keyedBy: NestedKey.self, forKey: key)
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try read(key, "must be a list") { try base.nestedUnkeyedContainer(forKey: key) }
  }

  func superDecoder() throws -> any Decoder { try base.superDecoder() }
  func superDecoder(forKey key: Key) throws -> any Decoder { try base.superDecoder(forKey: key) }

  /// `body`'s value; a `DecodingError` becomes the protocol's error for `key`: `missing` if the
  /// field is absent, `reason` otherwise.
  private func read<T>(_ key: Key, _ reason: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DecodingError {
      if case .keyNotFound(let missing, _) = error, missing.stringValue == key.stringValue {
        throw LiveProtocolError.invalidField(key.stringValue, "missing")
      }
      throw LiveProtocolError.invalidField(key.stringValue, reason)
    }
  }
}
