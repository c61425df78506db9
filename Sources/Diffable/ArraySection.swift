/// A section of sectioned data: a model that identifies the section and its ordered elements.
///
/// The shape the sectioned diff works on:
///
/// ```swift
/// let source = [ArraySection(model: "fruit", elements: ["apple", "pear"])]
/// let target = [ArraySection(model: "fruit", elements: ["pear", "apple", "plum"])]
/// let changes = StagedChangeset(source: source, target: target)
/// ```
///
/// Sections are matched by the model's identifier; a matched section whose model content
/// differs is reported in ``Changeset/sectionUpdated``. (`ArraySection` is deliberately not
/// ``Differentiable`` itself, so an array of sections always takes the sectioned diff.)
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DiffableSection {
  /// The section's model, which identifies it.
  public var model: Model
  /// The section's elements, in order.
  public var elements: [Element]

  /// Creates a section from a model and its elements.
  ///
  /// - Parameters:
  ///   - model: The model that identifies the section.
  ///   - elements: The ordered elements of the section.
  @inlinable
  public init<C: Collection>(model: Model, elements: C) where C.Element == Element {
    self.model = model
    self.elements = Array(elements)
  }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Hashable where Model: Hashable, Element: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}
extension ArraySection: Encodable where Model: Encodable, Element: Encodable {}
extension ArraySection: Decodable where Model: Decodable, Element: Decodable {}

extension ArraySection: CustomStringConvertible {
  /// The model followed by the elements.
  public var description: String {
    "ArraySection(model: \(model), elements: \(elements))"
  }
}

/// A section type that `Changeset.apply(to:)` can rebuild: a value holding ordered
/// elements.
///
/// ``ArraySection`` and ``SnapshotSection`` conform.
public protocol DiffableSection {
  /// The type of the section's elements.
  associatedtype Element
  /// The section's elements, in order.
  var elements: [Element] { get set }
}
