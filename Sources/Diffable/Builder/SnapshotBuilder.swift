/// Declares the sections of a ``Snapshot`` with `if`, `if`/`else`, `for` and optionals, the
/// way the Conv library declares a collection view.
///
/// ```swift
/// let list = try Snapshot<String, String> {
///   SnapshotSection("fruit") {
///     "apple"
///     "banana"
///   }
///   if wantsMeat {
///     SnapshotSection("meat") {
///       for cut in cuts { cut }
///     }
///   }
/// }
/// ```
@resultBuilder
public enum SnapshotBuilder<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
> {
  /// A section of the snapshot.
  public typealias Section = SnapshotSection<SectionIdentifierType, ItemIdentifierType>

  /// One section.
  public static func buildExpression(_ section: Section) -> [Section] { [section] }
  /// An optional section: none when `nil`.
  public static func buildExpression(_ section: Section?) -> [Section] {
    section.map { [$0] } ?? []
  }
  /// Several sections.
  public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
  /// The sections of consecutive statements, in order.
  public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
  /// The `if` branch.
  public static func buildEither(first part: [Section]) -> [Section] { part }
  /// The `else` branch.
  public static func buildEither(second part: [Section]) -> [Section] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
  /// An `if #available` block.
  public static func buildLimitedAvailability(_ part: [Section]) -> [Section] { part }
}

extension Snapshot {
  /// Creates a snapshot from sections declared with ``SnapshotBuilder``.
  ///
  /// - Parameter content: The sections, each with its items.
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` or ``SnapshotError/duplicateItem(_:)``
  ///   naming the first repeated identifier.
  /// - Complexity: O(n) for n items.
  public init(
    @SnapshotBuilder<SectionIdentifierType, ItemIdentifierType> _ content: () -> [Section]
  ) throws(SnapshotError) {
    try self.init(sections: content())
  }

  /// Creates a snapshot from sections.
  ///
  /// - Parameter sections: The sections, each with its items.
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` or ``SnapshotError/duplicateItem(_:)``
  ///   naming the first repeated identifier.
  /// - Complexity: O(n) for n items.
  public init(sections: [Section]) throws(SnapshotError) {
    self.init()
    for section in sections {
      try appendSections([section.identifier])
      try appendItems(section.items, toSection: section.identifier)
    }
  }
}
