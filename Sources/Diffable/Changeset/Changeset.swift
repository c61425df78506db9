/// One stage of a ``StagedChangeset``: the changes a list view applies in one batch update,
/// and the data it shows after them.
///
/// Indices follow UIKit's batch-update rules: deletes, updates (reloads) and move sources index
/// the data *before* the stage; inserts and move targets index ``data``, the data *after* it.
/// A stage never deletes and moves the same index. Flat diffs use section `0` in every
/// ``ElementPath``.
///
/// Every index array is kept sorted (paths by section, then element; moves by target), so
/// equal changesets are equal value by value and encode to the same JSON bytes.
public struct Changeset<Data: Collection> {
  /// The data after this stage.
  public internal(set) var data: Data

  /// Indices of deleted sections, in the data before the stage.
  public internal(set) var sectionDeleted: [Int]
  /// Indices of inserted sections, in ``data``.
  public internal(set) var sectionInserted: [Int]
  /// Indices of sections whose model changed, in the data before the stage (a reload).
  public internal(set) var sectionUpdated: [Int]
  /// Sections that moved, sorted by target.
  public internal(set) var sectionMoved: [SectionMove]

  /// Paths of deleted elements, in the data before the stage.
  public internal(set) var elementDeleted: [ElementPath]
  /// Paths of inserted elements, in ``data``.
  public internal(set) var elementInserted: [ElementPath]
  /// Paths of elements whose content changed, in the data before the stage (a reload).
  public internal(set) var elementUpdated: [ElementPath]
  /// Elements that moved, possibly across sections, sorted by target.
  public internal(set) var elementMoved: [ElementMove]

  /// Creates a changeset; the index arrays are sorted into their canonical order.
  ///
  /// - Parameters:
  ///   - data: The data after the stage.
  ///   - sectionDeleted: Deleted section indices (before the stage).
  ///   - sectionInserted: Inserted section indices (after the stage).
  ///   - sectionUpdated: Reloaded section indices (before the stage).
  ///   - sectionMoved: Moved sections.
  ///   - elementDeleted: Deleted element paths (before the stage).
  ///   - elementInserted: Inserted element paths (after the stage).
  ///   - elementUpdated: Reloaded element paths (before the stage).
  ///   - elementMoved: Moved elements.
  /// - Complexity: O(k log k) for k changes.
  public init(
    data: Data,
    sectionDeleted: [Int] = [],
    sectionInserted: [Int] = [],
    sectionUpdated: [Int] = [],
    sectionMoved: [SectionMove] = [],
    elementDeleted: [ElementPath] = [],
    elementInserted: [ElementPath] = [],
    elementUpdated: [ElementPath] = [],
    elementMoved: [ElementMove] = []
  ) {
    self.init(
      unsortedData: data,
      sectionDeleted: sectionDeleted.sorted(),
      sectionInserted: sectionInserted.sorted(),
      sectionUpdated: sectionUpdated.sorted(),
      sectionMoved: sectionMoved.sorted { $0.target < $1.target },
      elementDeleted: elementDeleted.sorted(),
      elementInserted: elementInserted.sorted(),
      elementUpdated: elementUpdated.sorted(),
      elementMoved: elementMoved.sorted { $0.target < $1.target }
    )
  }

  /// Creates a changeset from arrays the caller guarantees are already sorted; the diffs build
  /// every stage with it, giving only the changes the stage has.
  @usableFromInline
  init(
    unsortedData data: Data,
    sectionDeleted: [Int] = [],
    sectionInserted: [Int] = [],
    sectionUpdated: [Int] = [],
    sectionMoved: [SectionMove] = [],
    elementDeleted: [ElementPath] = [],
    elementInserted: [ElementPath] = [],
    elementUpdated: [ElementPath] = [],
    elementMoved: [ElementMove] = []
  ) {
    self.data = data
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.elementDeleted = elementDeleted
    self.elementInserted = elementInserted
    self.elementUpdated = elementUpdated
    self.elementMoved = elementMoved
  }

  /// The same changes with other data (for the algorithm's last stage).
  @usableFromInline
  func _replacingData(with data: Data) -> Changeset {
    var copy = self
    copy.data = data
    return copy
  }

  // MARK: - Counts

  /// The number of section deletes, inserts, updates and moves.
  public var sectionChangeCount: Int {
    sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
  }

  /// The number of element deletes, inserts, updates and moves.
  public var elementChangeCount: Int {
    elementDeleted.count + elementInserted.count + elementUpdated.count + elementMoved.count
  }

  /// The number of changes of every kind.
  public var changeCount: Int { sectionChangeCount + elementChangeCount }

  /// Whether the stage changes anything.
  public var hasChanges: Bool { changeCount > 0 }
}

extension Changeset: Equatable where Data: Equatable {}
extension Changeset: Sendable where Data: Sendable {}

extension Changeset: CustomStringConvertible {
  /// The non-empty change lists, one per line.
  public var description: String {
    var lines = ["Changeset("]
    func add<T>(_ name: String, _ values: [T]) {
      if !values.isEmpty { lines.append("  \(name): \(values)") }
    }
    add("sectionDeleted", sectionDeleted)
    add("sectionInserted", sectionInserted)
    add("sectionUpdated", sectionUpdated)
    add("sectionMoved", sectionMoved.map { "\($0.source)->\($0.target)" })
    add("elementDeleted", elementDeleted)
    add("elementInserted", elementInserted)
    add("elementUpdated", elementUpdated)
    add("elementMoved", elementMoved.map { "\($0.source)->\($0.target)" })
    lines.append("  data: \(data)")
    lines.append(")")
    return lines.joined(separator: "\n")
  }
}
