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
