import Composable
import Diffable
import Foundation

/// A message from the server to a live page, version ``LiveMessage/version`` of the schema in
/// `docs/live-protocol.md`.
///
/// The first message of a connection is a ``snapshot(revision:_:)``; after every state change
/// that alters the page comes ``changes(_:)``; an event the server cannot read gets
/// ``error(code:message:)`` and the page stays open. The server encodes them; a client that
/// is not a browser (``PageReplica``) decodes them with the same type.
///
/// ```swift
/// let bytes = try LiveMessage.changes(LiveChanges(from: old, to: new, revision: 2)).encoded()
/// ```
@CasePathable
public enum LiveMessage: Equatable, Sendable {
  /// The schema version written as `v` in every message.
  public static let version = 1

  /// The whole page: sections with their item identifiers, every cell, the chrome.
  case snapshot(revision: Int, PageSnapshot)
  /// What changed since the previous revision.
  case changes(LiveChanges)
  /// An event could not be understood; `code` is one of ``LiveProtocolError``'s codes.
  case error(code: String, message: String)

  /// Decodes one message.
  ///
  /// - Throws: ``LiveProtocolError`` for malformed JSON, another schema version, an unknown
  ///   message type or a missing or invalid field.
  public init(json: Data) throws(LiveProtocolError) {
    self = try LiveEnvelope.decode(Self.self, json: json)
  }

  /// The message as compact JSON (keys sorted, so equal messages are equal bytes).
  public func encoded() throws -> Data {
    try Self.encoder.encode(self)
  }

  /// The encoder of messages and their parts: compact, keys sorted, slashes unescaped.
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

extension LiveMessage: Codable {
  /// Reads `v`, `type` and the type's fields.
  ///
  /// - Throws: ``LiveProtocolError`` (see ``init(json:)``).
  public init(from decoder: any Decoder) throws {
    self = try LiveEnvelope.decode(Self.wireTypesByName, from: decoder)
  }

  /// Writes the message in the shape `docs/live-protocol.md` describes.
  public func encode(to encoder: any Encoder) throws {
    try LiveEnvelope.encode(self, Self.wireTypes, to: encoder)
  }

  /// Every message the server sends: its `type`, its case and its fields.
  static let wireTypes: [LiveWireType<LiveMessage>] = [
    .init("snapshot", allCasePaths.snapshot, SnapshotFields.self),
    .init("changes", allCasePaths.changes, LiveChanges.self),
    .init("error", allCasePaths.error, ErrorFields.self),
  ]

  /// ``wireTypes`` by name, for decoding.
  static let wireTypesByName = Dictionary(uniqueKeysWithValues: wireTypes.map { ($0.name, $0) })
}

/// A `snapshot`'s fields: `rev`, `sections` (each with `id`, `header` if it has one, and its
/// `items`), `cells`, `chrome`, and `counts` when the page holds only the list's first rows.
struct SnapshotFields: LiveFields {
  var rev: Int
  var sections: [PageSnapshot.Section]
  var cells: [String: LiveCell]
  var chrome: LiveChrome
  var counts: [Int]?

  init(_ value: (revision: Int, PageSnapshot)) {
    rev = value.revision
    sections = value.1.sections
    cells = value.1.cells
    chrome = value.1.chrome
    counts = value.1.counts
  }

  func value() throws(LiveProtocolError) -> (revision: Int, PageSnapshot) {
    if let counts {
      guard counts.count == sections.count,
        zip(counts, sections).allSatisfy({ $0 >= $1.items.count })
      else {
        throw .invalidField("counts", "one count for each section, at least its items")
      }
    }
    do {
      return (
        rev,
        try PageSnapshot(sections: sections, cells: cells, chrome: chrome, counts: counts)
      )
    } catch {
      throw .invalidField("sections", "\(error)")
    }
  }
}

/// An `error`'s fields: `code` and `message`.
struct ErrorFields: LiveFields {
  var code: String
  var message: String
  init(_ value: (code: String, message: String)) { (code, message) = value }
  func value() -> (code: String, message: String) { (code, message) }
}

extension LiveChanges: LiveFields {
  init(_ value: LiveChanges) { self = value }
  func value() -> LiveChanges { self }
}
