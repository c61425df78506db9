/// Why a snapshot or outline operation was refused.
///
/// Every case names the identifier involved (its `String(describing:)` form), so the message
/// says which section or item was duplicated or unknown.
///
/// ```swift
/// do {
///   try snapshot.appendItems(["apple"], toSection: "fruit")
/// } catch .duplicateItem(let item) {
///   print("\(item) is already shown")
/// }
/// ```
public enum SnapshotError: Error, Equatable, Hashable, Sendable {
  /// A section identifier that is already in the snapshot (or twice in the input).
  case duplicateSection(String)
  /// An item identifier that is already in the snapshot or outline (or twice in the input).
  case duplicateItem(String)
  /// A section identifier that the snapshot does not contain.
  case sectionNotFound(String)
  /// An item identifier that the snapshot or outline does not contain.
  case itemNotFound(String)
  /// Items were appended without a section while the snapshot has no section.
  case noSection
  /// The section's items come from an outline (``SectionSnapshot``): edit the outline and set
  /// it again with ``Snapshot/setSectionSnapshot(_:for:)``.
  case sectionHasOutline(String)
  /// An item cannot be moved relative to itself, or an outline item under its own descendant.
  case invalidMove(String)
}

extension SnapshotError: CustomStringConvertible {
  /// A sentence naming the identifier.
  public var description: String {
    switch self {
    case .duplicateSection(let id): "duplicate section identifier \(id)"
    case .duplicateItem(let id): "duplicate item identifier \(id)"
    case .sectionNotFound(let id): "unknown section identifier \(id)"
    case .itemNotFound(let id): "unknown item identifier \(id)"
    case .noSection: "the snapshot has no section to append items to"
    case .sectionHasOutline(let id):
      "section \(id) shows an outline: edit its SectionSnapshot instead"
    case .invalidMove(let id): "item \(id) cannot be moved there"
    }
  }
}

/// The name of an identifier in an error.
@usableFromInline
func _name(_ identifier: some Hashable) -> String {
  String(describing: identifier)
}
