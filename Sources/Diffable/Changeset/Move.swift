/// Something that moved: from `source` (its position in the data before the stage) to `target`
/// (its position in the data after it).
public struct Move<Position: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
  /// The position before the stage.
  public var source: Position
  /// The position after the stage.
  public var target: Position

  /// Creates a move.
  @inlinable
  public init(source: Position, target: Position) {
    self.source = source
    self.target = target
  }
}

/// A section that moved: from its index before the stage to its index after it.
public typealias SectionMove = Move<Int>

/// An element that moved: from its path before the stage to its path after it, possibly across
/// sections.
public typealias ElementMove = Move<ElementPath>
