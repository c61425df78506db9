import Foundation

/// One unsaved change to one object in a context.
struct PendingChange<Root: Entity>: Sendable {
  enum Kind: Sendable {
    case inserted
    case updated
    case deleted
  }

  var kind: Kind
  /// The new value (inserts and updates), or the deleted value when known.
  var value: Root?
  /// The version the change is based on; `nil` for an object not saved yet (in an ancestor).
  var baseVersion: Version?
  /// Which change of the context this is, to tell changes made during a save from saved ones.
  var serial: UInt64
}

/// What a context knows about an object's stored version.
enum KnownVersion: Sendable {
  case stored(Version)
  case unsaved
  case deleted
  case unknown
}

/// Identifies an object across entities: its entity and identifier.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
  /// The entity name.
  public let entityName: String
  /// The object identifier.
  public let id: UUID

  /// Creates an object ID.
  public init(entityName: String, id: UUID) {
    self.entityName = entityName
    self.id = id
  }

  public var description: String { "\(entityName)/\(id)" }
}

/// What one `save()` wrote.
public struct SaveSummary: Sendable, Hashable {
  /// Objects inserted (pushed into the parent, for a child context).
  public var inserted: Int
  /// Objects updated.
  public var updated: Int
  /// Objects deleted.
  public var deleted: Int

  /// The number of rows the save wrote: one per inserted, updated or deleted object.
  public var rowsWritten: Int { inserted + updated + deleted }

  static let empty = SaveSummary(inserted: 0, updated: 0, deleted: 0)
}
