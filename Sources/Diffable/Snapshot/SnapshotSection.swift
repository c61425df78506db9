/// One section of a ``Snapshot``: its identifier and the identifiers of the items it shows.
///
/// It is what ``SnapshotBuilder`` declares and the data of a snapshot diff:
///
/// ```swift
/// let snapshot = try Snapshot<String, String> {
///   SnapshotSection("fruit") { "apple"; "pear" }
/// }
/// let changes = StagedChangeset(source: old, target: snapshot)
/// changes.last?.data  // [SnapshotSection("fruit", items: ["apple", "pear"])]
/// ```
public struct SnapshotSection<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Hashable, Sendable, DiffableSection {
  /// The section's identifier.
  public var identifier: SectionIdentifierType
  /// The identifiers of the section's items, in order.
  public var items: [ItemIdentifierType]

  /// Creates a section from its identifier and items.
  ///
  /// - Parameters:
  ///   - identifier: The section's identifier.
  ///   - items: The identifiers of the section's items, in order.
  @inlinable
  public init(_ identifier: SectionIdentifierType, items: [ItemIdentifierType] = []) {
    self.identifier = identifier
    self.items = items
  }

  /// Declares a section with the items of a ``ItemsBuilder`` block.
  ///
  /// ```swift
  /// SnapshotSection("meat") {
  ///   "steak"
  ///   if wantsChicken { "chicken" }
  /// }
  /// ```
  @inlinable
  public init(
    _ identifier: SectionIdentifierType,
    @ItemsBuilder<ItemIdentifierType> items: () -> [ItemIdentifierType]
  ) {
    self.init(identifier, items: items())
  }

  /// The items, under the name the diff uses.
  @inlinable
  public var elements: [ItemIdentifierType] {
    get { items }
    set { items = newValue }
  }
}

extension SnapshotSection: Codable
where SectionIdentifierType: Codable, ItemIdentifierType: Codable {
  private enum CodingKeys: String, CodingKey {
    case identifier
    case items
  }

  /// Decodes `{"identifier": …, "items": […]}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(SectionIdentifierType.self, forKey: .identifier),
      items: try container.decode([ItemIdentifierType].self, forKey: .items))
  }

  /// Encodes `{"identifier": …, "items": […]}`, in that key order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(identifier, forKey: .identifier)
    try container.encode(items, forKey: .items)
  }
}

extension SnapshotSection: CustomStringConvertible {
  /// The identifier followed by the items.
  public var description: String { "SnapshotSection(\(identifier), items: \(items))" }
}
