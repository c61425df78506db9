import Foundation

/// A value the protocol writes as one of a few words (`"done"`, `"today"`, `"outline"`): a
/// word that is not one of them is refused with the list of those that are.
protocol LiveChoice: RawRepresentable<String>, CaseIterable {}

extension LiveChoice {
  /// Why a word that is not one of them is refused.
  static var allowed: String {
    "must be one of " + allCases.map(\.rawValue).joined(separator: ", ")
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
/// An optional field may be absent, but not `null`. The message's object is read once, into
/// one container that the envelope and the fields share.
struct LiveFieldDecoder: Decoder {
  /// Any field's name.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  let base: any Decoder
  /// The message's fields, by name.
  let fields: KeyedDecodingContainer<AnyKey>

  /// The fields of the message `base` decodes.
  ///
  /// - Throws: ``LiveProtocolError/malformed(_:)`` if the message is not a JSON object.
  init(_ base: any Decoder) throws(LiveProtocolError) {
    self.base = base
    do {
      fields = try base.container(keyedBy: AnyKey.self)
    } catch {
      throw .malformed("a message must be a JSON object")
    }
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(LiveFieldContainer<Key>(base: fields))
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
  /// The message's fields, read by name.
  let base: KeyedDecodingContainer<LiveFieldDecoder.AnyKey>

  var codingPath: [any CodingKey] { base.codingPath }
  var allKeys: [Key] { base.allKeys.compactMap { Key(stringValue: $0.stringValue) } }
  func contains(_ key: Key) -> Bool { base.contains(name(key)) }
  func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: name(key)) }

  private func name(_ key: Key) -> LiveFieldDecoder.AnyKey {
    LiveFieldDecoder.AnyKey(stringValue: key.stringValue)
  }

  // MARK: - The protocol's field types

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key, "must be a string") { try base.decode(String.self, forKey: name(key)) }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key, "must be true or false") { try base.decode(Bool.self, forKey: name(key)) }
  }

  /// Counts and versions: whole numbers, never negative.
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let number = try read(key, "must be a whole number") {
      try base.decode(Int.self, forKey: name(key))
    }
    guard number >= 0 else {
      throw LiveProtocolError.invalidField(key.stringValue, "must be a whole number")
    }
    return number
  }

  /// Any other field: a UUID, one of a ``LiveChoice``'s words, or a nested value (a server
  /// message's chrome, cells or stages). Read as `JSONDecoder` reads it; only a refusal is
  /// looked at again, to say why in the protocol's words.
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    do {
      return try base.decode(T.self, forKey: name(key))
    } catch let error as DecodingError {
      throw LiveProtocolError.invalidField(key.stringValue, Self.reason(error, T.self))
    }
  }

  /// Why a field of type `T` was refused.
  private static func reason<T>(_ error: DecodingError, _: T.Type) -> String {
    switch error {
    case .keyNotFound(let key, let context) where context.codingPath.isEmpty == false:
      let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
      return "is not valid: \(path) is missing"
    case .keyNotFound:
      return "missing"
    case .typeMismatch, .valueNotFound:
      if T.self == UUID.self || T.self is any LiveChoice.Type { return "must be a string" }
      return "is not valid: \(detail(error))"
    case .dataCorrupted:
      if T.self == UUID.self { return "must be a UUID" }
      if let choice = T.self as? any LiveChoice.Type { return choice.allowed }
      return "is not valid: \(detail(error))"
    @unknown default:
      return "is not valid"
    }
  }

  /// Where in a nested value the error is, and what it is.
  private static func detail(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context), .keyNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return (path.isEmpty ? "" : path + ": ") + context.debugDescription
    @unknown default:
      return "\(error)"
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
    try read(key, "must be a number") { try base.decode(T.self, forKey: name(key)) }
  }

  // MARK: - Nesting

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try read(key, "must be an object") {
      try base.nestedContainer(keyedBy: NestedKey.self, forKey: name(key))
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try read(key, "must be a list") { try base.nestedUnkeyedContainer(forKey: name(key)) }
  }

  func superDecoder() throws -> any Decoder { try base.superDecoder() }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    try base.superDecoder(forKey: name(key))
  }

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
