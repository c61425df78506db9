import Diffable
import Foundation

/// A message from the server to a live page, version ``LiveMessage/version`` of the schema in
/// `docs/live-protocol.md`.
///
/// The first message of a connection is a ``snapshot(revision:_:)``; after every state change
/// that alters the page comes ``changes(_:)``; an event the server cannot read gets
/// ``error(code:message:)`` and the page stays open.
///
/// ```swift
/// let bytes = try LiveMessage.changes(LiveChanges(from: old, to: new, revision: 2)).encoded()
/// ```
public enum LiveMessage: Equatable, Sendable {
  /// The schema version written as `v` in every message.
  public static let version = 1

  /// The whole page: sections with their item identifiers, every cell, the chrome.
  case snapshot(revision: Int, PageSnapshot)
  /// What changed since the previous revision.
  case changes(LiveChanges)
  /// An event could not be understood; `code` is one of ``LiveProtocolError``'s codes.
  case error(code: String, message: String)

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

extension LiveMessage: Encodable {
  private enum Keys: String, CodingKey {
    case v, type, rev, sections, cells, chrome, code, message
  }

  private struct WireSection: Encodable {
    var id: String
    var header: String?
    var items: [String]
  }

  /// Writes the message in the shape `docs/live-protocol.md` describes.
  public func encode(to encoder: any Encoder) throws {
    if case .changes(let changes) = self {
      try changes.encode(to: encoder)
      return
    }
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(Self.version, forKey: .v)
    switch self {
    case .snapshot(let revision, let page):
      try container.encode("snapshot", forKey: .type)
      try container.encode(revision, forKey: .rev)
      let sections = page.items.sections.map {
        WireSection(id: $0.identifier, header: page.headers[$0.identifier], items: $0.items)
      }
      try container.encode(sections, forKey: .sections)
      try container.encode(page.cells, forKey: .cells)
      try container.encode(page.chrome, forKey: .chrome)
    case .changes:
      break
    case .error(let code, let message):
      try container.encode("error", forKey: .type)
      try container.encode(code, forKey: .code)
      try container.encode(message, forKey: .message)
    }
  }
}
