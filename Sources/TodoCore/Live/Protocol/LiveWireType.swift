import Composable
import Foundation

/// The fields one type of message carries beside `v` and `type`, and the value of the enum
/// case they stand for.
///
/// Each type's fields are written once, as the stored properties of a `Codable` struct; the
/// struct converts to and from the case's associated value.
protocol LiveFields: Codable, SendableMetatype {
  /// The associated value of the case (`Void` for a case without one).
  associatedtype Value

  /// The fields of `value`, or `nil` when the protocol has no way to say it (a move to the top
  /// of a list: the page's moves are always next to another row).
  init?(_ value: Value)

  /// The case's value.
  ///
  /// - Throws: ``LiveProtocolError/invalidField(_:_:)`` for fields that are each valid but do
  ///   not fit together (a move with neither `before` nor `after`).
  func value() throws(LiveProtocolError) -> Value
}

/// One type of message of the live protocol: its name on the wire (the `type` field), the
/// enum case it is, and its fields (``LiveFields``).
///
/// ``LiveEvent`` and ``LiveMessage`` each list their types once
/// (``LiveEvent/wireTypes``, ``LiveMessage/wireTypes``); their `Codable` conformances, the
/// test of `docs/live-protocol.md`'s examples and the round-trip property tests read that
/// list.
struct LiveWireType<Root>: Sendable {
  /// The `type` on the wire.
  let name: String
  private let decodeFields: @Sendable (any Decoder) throws -> Root
  private let extractFields: @Sendable (Root) -> (any Encodable)?

  /// A type named `name` whose fields `Fields` are the value of the case at `path`.
  init<Fields: LiveFields>(
    _ name: String, _ path: AnyCasePath<Root, Fields.Value>, _: Fields.Type
  ) {
    self.name = name
    decodeFields = { decoder in path.embed(try Fields(from: decoder).value()) }
    extractFields = { root in path.extract(from: root).flatMap(Fields.init) }
  }

  /// The message of this type whose fields `decoder` reads.
  func decode(from decoder: any Decoder) throws -> Root {
    try decodeFields(decoder)
  }

  /// The fields of `root` if it is a message of this type the protocol can say.
  func fields(of root: Root) -> (any Encodable)? {
    extractFields(root)
  }
}

extension AnyCasePath where Value: CasePathable & SendableMetatype {
  /// This case path followed by the case of `Value` at `keyPath`, composed once.
  ///
  /// The protocol's list of types names each case by such a path
  /// (`page.then(\.list).then(\.toggle)`) rather than by a case key path
  /// (`\.page.list.toggle`): a case key path finds its cases again at every embedding, which
  /// cost as much as reading an event's fields, where this path is a few closure calls.
  func then<Appended>(
    _ keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Appended>>
  ) -> AnyCasePath<Root, Appended> {
    let next = Value.allCasePaths[keyPath: keyPath]
    return AnyCasePath<Root, Appended>(
      embed: { self.embed(next.embed($0)) },
      extract: { self.extract(from: $0).flatMap(next.extract(from:)) })
  }
}

/// The envelope of every message: one JSON object with the schema version `v`
/// (``LiveMessage/version``), the `type`, and the type's fields.
enum LiveEnvelope {
  enum Key: String, CodingKey { case v, type }

  /// One decoder for every message: making one costs more than a small event's decoding.
  private static let decoder = JSONDecoder()

  /// Decodes one message of the protocol from its bytes.
  ///
  /// - Throws: ``LiveProtocolError``; bytes that are not JSON are `malformed`.
  static func decode<Message: Decodable>(
    _: Message.Type, json: Data
  ) throws(LiveProtocolError) -> Message {
    do {
      return try decoder.decode(Message.self, from: json)
    } catch let error as LiveProtocolError {
      throw error
    } catch {
      throw .malformed("the message is not valid JSON")
    }
  }

  /// Reads `v` and `type`, then the fields of that type.
  ///
  /// - Throws: ``LiveProtocolError``: `malformed` for a message that is not an object or has no
  ///   version, `unsupportedVersion`, `unknownType`, or `invalidField` naming the field.
  /// - Complexity: O(1) to find the type, then the decoding of its fields.
  static func decode<Root>(
    _ types: [String: LiveWireType<Root>], from decoder: any Decoder
  ) throws -> Root {
    let fields = try LiveFieldDecoder(decoder)
    guard let version = try? fields.fields.decode(Int.self, forKey: .init(stringValue: "v")) else {
      throw LiveProtocolError.malformed("the message has no version \"v\"")
    }
    guard version == LiveMessage.version else {
      throw LiveProtocolError.unsupportedVersion(version)
    }
    let type = try LiveFieldContainer<Key>(base: fields.fields).decode(String.self, forKey: .type)
    guard let wireType = types[type] else { throw LiveProtocolError.unknownType(type) }
    return try wireType.decode(from: fields)
  }

  /// Writes `v`, the type of `root` and its fields.
  ///
  /// - Throws: `EncodingError.invalidValue` when `root` is none of `types` (an action only the
  ///   store itself sends is not an event).
  static func encode<Root>(
    _ root: Root, _ types: [LiveWireType<Root>], to encoder: any Encoder
  ) throws {
    for type in types {
      guard let fields = type.fields(of: root) else { continue }
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(LiveMessage.version, forKey: .v)
      try container.encode(type.name, forKey: .type)
      try fields.encode(to: encoder)
      return
    }
    throw EncodingError.invalidValue(
      root,
      EncodingError.Context(
        codingPath: encoder.codingPath,
        debugDescription: "\(root) is not a message of the live protocol"))
  }
}
