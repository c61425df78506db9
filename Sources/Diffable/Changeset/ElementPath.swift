/// The position of an element in sectioned data: the section index and the element's index in
/// that section.
///
/// Flat diffs use section `0`. Encodes as `{"section": 1, "element": 4}`.
public struct ElementPath: Hashable, Codable, Sendable {
  /// The index of the section. Declared first: the synthesized `Codable` writes the
  /// properties in declaration order, so the section comes before the element on the wire.
  public var section: Int
  /// The index of the element inside its section.
  public var element: Int

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - element: The index of the element inside its section.
  ///   - section: The index of the section.
  @inlinable
  public init(element: Int, section: Int) {
    self.element = element
    self.section = section
  }
}

extension ElementPath: Comparable {
  /// Orders by section, then by element.
  @inlinable
  public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.element < rhs.element
  }
}

extension ElementPath: CustomStringConvertible {
  /// `[section, element]`.
  public var description: String { "[\(section), \(element)]" }
}

/// A section that moved: from `source` (an index in the data before the stage) to `target`
/// (an index in the data after it).
public struct SectionMove: Hashable, Codable, Sendable {
  /// The section's index before the stage.
  public var source: Int
  /// The section's index after the stage.
  public var target: Int

  /// Creates a section move.
  @inlinable
  public init(source: Int, target: Int) {
    self.source = source
    self.target = target
  }
}

/// An element that moved: from `source` (a path in the data before the stage) to `target` (a
/// path in the data after it), possibly across sections.
public struct ElementMove: Hashable, Codable, Sendable {
  /// The element's path before the stage.
  public var source: ElementPath
  /// The element's path after the stage.
  public var target: ElementPath

  /// Creates an element move.
  @inlinable
  public init(source: ElementPath, target: ElementPath) {
    self.source = source
    self.target = target
  }
}
