/// Why a changeset cannot be applied to the given data.
///
/// Thrown by `Changeset.apply(to:)` when the data is not the data the changeset was
/// computed from, or when the changeset breaks UIKit's batch-update rules.
public enum ChangesetError: Error, Equatable, Sendable {
  /// A section index lies outside the data it indexes (before or after the stage).
  case sectionIndexOutOfRange(Int)
  /// An element path lies outside the data it indexes (before or after the stage).
  case elementPathOutOfRange(ElementPath)
  /// A section index is used twice on one side of the stage, for example deleted and moved.
  case sectionIndexReused(Int)
  /// An element path is used twice on one side of the stage, for example deleted and moved.
  case elementPathReused(ElementPath)
  /// An element change names a section that the same stage deletes, moves away, reloads or
  /// inserts whole.
  case elementInChangedSection(ElementPath)
}
