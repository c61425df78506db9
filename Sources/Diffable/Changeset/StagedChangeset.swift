/// The changes from a source collection to a target, split into stages that a list view applies
/// one batch update after another.
///
/// ```swift
/// let changes = StagedChangeset(source: [0, 1, 2], target: [1, 2, 0])
/// changes.count                    // 1 stage
/// changes[0].elementMoved.count    // 1 move: 0 goes to the end
/// ```
///
/// A flat diff has at most three stages (updates; deletes; inserts and moves); a sectioned diff
/// at most five (element updates; deletes; section inserts and moves; element inserts and
/// moves; section updates). Empty stages are dropped, so equal inputs give an empty
/// changeset. Each stage's ``Changeset/data`` is the data after it, and the last stage's data
/// is the target.
public struct StagedChangeset<Data: Collection> {
  @usableFromInline
  var stages: [Changeset<Data>]

  /// Creates a staged changeset from stages; empty stages are dropped.
  ///
  /// - Parameter stages: The stages in application order.
  @inlinable
  public init<S: Sequence>(_ stages: S) where S.Element == Changeset<Data> {
    self.stages = stages.filter(\.hasChanges)
  }

  /// Creates an empty staged changeset.
  @inlinable
  public init() {
    self.stages = []
  }

  /// The total number of changes in every stage.
  public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }
}

extension StagedChangeset: RandomAccessCollection {
  /// The index of the first stage.
  @inlinable public var startIndex: Int { stages.startIndex }
  /// The index past the last stage.
  @inlinable public var endIndex: Int { stages.endIndex }

  /// The stage at `position`.
  @inlinable
  public subscript(position: Int) -> Changeset<Data> {
    stages[position]
  }
}

extension StagedChangeset: Equatable where Data: Equatable {}
extension StagedChangeset: Sendable where Data: Sendable {}

extension StagedChangeset: CustomStringConvertible {
  /// Every stage's description.
  public var description: String {
    "StagedChangeset(\n" + stages.map(\.description).joined(separator: ",\n") + "\n)"
  }
}
