import Diffable

/// An element or section model of the tests: identity `id`, content `version`.
struct Item: Differentiable, Hashable, Codable, Sendable, CustomStringConvertible {
  var id: Int
  var version: Int = 0

  var differenceIdentifier: Int { id }
  func isContentEqual(to source: Item) -> Bool { version == source.version }
  var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

typealias Section = ArraySection<Item, Item>

/// The kind of a stage, in the order a sectioned changeset uses them.
enum StageKind: Int, Comparable {
  case elementUpdates, deletes, sectionInsertsAndMoves, elementInsertsAndMoves, sectionUpdates

  static func < (lhs: StageKind, rhs: StageKind) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The kind of `stage`, or `nil` when it mixes kinds that belong to different stages.
  init?<Data>(_ stage: Changeset<Data>) {
    let kinds: [(StageKind, Bool)] = [
      (.elementUpdates, !stage.elementUpdated.isEmpty),
      (.deletes, !stage.sectionDeleted.isEmpty || !stage.elementDeleted.isEmpty),
      (.sectionInsertsAndMoves, !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty),
      (.elementInsertsAndMoves, !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty),
      (.sectionUpdates, !stage.sectionUpdated.isEmpty),
    ]
    let present = kinds.filter(\.1).map(\.0)
    guard present.count == 1 else { return nil }
    self = present[0]
  }
}

/// Builds sections from (section id, element ids) pairs; versions default to 0.
func sections(_ layout: [(Int, [Int])]) -> [Section] {
  layout.map { Section(model: Item(id: $0.0), elements: $0.1.map { Item(id: $0) }) }
}
