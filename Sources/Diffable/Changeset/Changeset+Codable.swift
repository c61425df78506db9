// MARK: - Stable JSON encoding

/// The JSON keys of a ``Changeset``.
private enum ChangesetCodingKeys: String, CodingKey {
  case sectionDeleted
  case sectionInserted
  case sectionUpdated
  case sectionMoved
  case elementDeleted
  case elementInserted
  case elementUpdated
  case elementMoved
  case data
}

extension Changeset: Encodable where Data: Encodable {
  /// Encodes every change list (sorted, empty ones included) and then `data`, so equal
  /// changesets encode to identical bytes with an encoder that orders keys deterministically
  /// (`JSONEncoder` with `.sortedKeys`). The shape is described in the DocC landing page,
  /// "JSON encoding".
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ChangesetCodingKeys.self)
    try container.encode(sectionDeleted.sorted(), forKey: .sectionDeleted)
    try container.encode(sectionInserted.sorted(), forKey: .sectionInserted)
    try container.encode(sectionUpdated.sorted(), forKey: .sectionUpdated)
    try container.encode(sectionMoved.sorted { $0.target < $1.target }, forKey: .sectionMoved)
    try container.encode(elementDeleted.sorted(), forKey: .elementDeleted)
    try container.encode(elementInserted.sorted(), forKey: .elementInserted)
    try container.encode(elementUpdated.sorted(), forKey: .elementUpdated)
    try container.encode(elementMoved.sorted { $0.target < $1.target }, forKey: .elementMoved)
    try container.encode(data, forKey: .data)
  }
}

extension Changeset: Decodable where Data: Decodable {
  /// Decodes the shape ``encode(to:)`` writes; missing change lists count as empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ChangesetCodingKeys.self)
    func list<T: Decodable>(_ key: ChangesetCodingKeys) throws -> [T] {
      try container.decodeIfPresent([T].self, forKey: key) ?? []
    }
    self.init(
      data: try container.decode(Data.self, forKey: .data),
      sectionDeleted: try list(.sectionDeleted),
      sectionInserted: try list(.sectionInserted),
      sectionUpdated: try list(.sectionUpdated),
      sectionMoved: try list(.sectionMoved),
      elementDeleted: try list(.elementDeleted),
      elementInserted: try list(.elementInserted),
      elementUpdated: try list(.elementUpdated),
      elementMoved: try list(.elementMoved))
  }
}

extension StagedChangeset: Encodable where Data: Encodable {
  /// Encodes the stages as a JSON array, in application order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(stages)
  }
}

extension StagedChangeset: Decodable where Data: Decodable {
  /// Decodes a JSON array of stages; empty stages are dropped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(try container.decode([Changeset<Data>].self))
  }
}
