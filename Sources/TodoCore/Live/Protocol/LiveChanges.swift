import Diffable
import Foundation

/// The change from one page snapshot to the next, as sent to the browser: the staged
/// changeset of sections and items (each operation names the item it touches), the content
/// of inserted and updated cells only, and the chrome when it changed.
///
/// Its size depends on what changed, not on the size of the list.
///
/// ```swift
/// let changes = LiveChanges(from: shown, to: PageSnapshot(store.state), revision: 8)
/// if !changes.isEmpty { try await socket.send(LiveMessage.changes(changes).encoded()) }
/// ```
public struct LiveChanges: Equatable, Sendable, Codable {
  /// One stage, valid to apply to the page as the previous stage left it.
  public struct Stage: Equatable, Sendable, Codable {
    /// An item at a position: `[section, element, id]` on the wire.
    public struct Item: Equatable, Sendable, Codable {
      /// The section index.
      public var section: Int
      /// The index inside the section.
      public var element: Int
      /// The item's identifier.
      public var id: String
      /// Creates an item at a position.
      public init(section: Int, element: Int, id: String) {
        self.section = section
        self.element = element
        self.id = id
      }
      /// Reads `[section, element, id]`.
      public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        section = try container.decode(Int.self)
        element = try container.decode(Int.self)
        id = try container.decode(String.self)
      }
      /// Writes `[section, element, id]`.
      public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(section)
        try container.encode(element)
        try container.encode(id)
      }
    }
    /// A section at a position, with its heading, and its items when it is inserted.
    public struct Section: Equatable, Sendable, Codable {
      /// The section index.
      public var index: Int
      /// The section's identifier.
      public var id: String
      /// The heading, if the section has one.
      public var header: String?
      /// The items an inserted section arrives with.
      public var items: [String]?
    }
    /// An item moved from one position (before the stage) to another (after it).
    public struct Move: Equatable, Sendable, Codable {
      /// `[section, element]` before the stage.
      public var from: [Int]
      /// `[section, element]` after the stage.
      public var to: [Int]
      /// The item's identifier.
      public var id: String
    }

    /// Sections removed, by their index before the stage.
    public var sectionDeleted: [Int] = []
    /// Sections added, by their index after the stage.
    public var sectionInserted: [Section] = []
    /// Sections whose heading changed.
    public var sectionUpdated: [Section] = []
    /// Sections moved.
    public var sectionMoved: [SectionMove] = []
    /// Items removed, at their positions before the stage.
    public var itemDeleted: [Item] = []
    /// Items added, at their positions after the stage.
    public var itemInserted: [Item] = []
    /// Items whose cell changed; the page updates them in place.
    public var itemUpdated: [Item] = []
    /// Items moved.
    public var itemMoved: [Move] = []

    private enum Keys: String, CodingKey {
      case sectionDeleted, sectionInserted, sectionUpdated, sectionMoved
      case itemDeleted, itemInserted, itemUpdated, itemMoved
    }

    /// Creates an empty stage.
    public init() {}

    /// Reads the lists present; an absent one is empty.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      func take<T: Decodable>(_ key: Keys) throws -> [T] {
        try container.decodeIfPresent([T].self, forKey: key) ?? []
      }
      sectionDeleted = try take(.sectionDeleted)
      sectionInserted = try take(.sectionInserted)
      sectionUpdated = try take(.sectionUpdated)
      sectionMoved = try take(.sectionMoved)
      itemDeleted = try take(.itemDeleted)
      itemInserted = try take(.itemInserted)
      itemUpdated = try take(.itemUpdated)
      itemMoved = try take(.itemMoved)
    }

    /// Writes only the non-empty lists.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      func put<T: Encodable>(_ list: [T], _ key: Keys) throws {
        if !list.isEmpty { try container.encode(list, forKey: key) }
      }
      try put(sectionDeleted, .sectionDeleted)
      try put(sectionInserted, .sectionInserted)
      try put(sectionUpdated, .sectionUpdated)
      try put(sectionMoved, .sectionMoved)
      try put(itemDeleted, .itemDeleted)
      try put(itemInserted, .itemInserted)
      try put(itemUpdated, .itemUpdated)
      try put(itemMoved, .itemMoved)
    }
  }

  /// The revision this message produces; the page had `revision - 1`.
  public var revision: Int
  /// The stages, in application order.
  public var stages: [Stage]
  /// The content of every inserted or updated cell.
  public var cells: [String: LiveCell]
  /// The chrome, if it changed.
  public var chrome: LiveChrome?
  /// Each section's number of items in the whole list, if it changed, on a page that holds
  /// only the list's first rows (``PageSnapshot/counts``).
  public var counts: [Int]? = nil

  /// Whether nothing changed (no message needs to be sent).
  public var isEmpty: Bool { stages.isEmpty && chrome == nil && counts == nil }

  private enum CodingKeys: String, CodingKey {
    case revision = "rev"
    case stages, cells, chrome, counts
  }
}
