/// A `RELATED-TO` property of a todo: another component's UID and how it is related.
///
/// Apple Reminders and Tasks.org write subtasks as `RELATED-TO;RELTYPE=PARENT:<parent UID>`;
/// without `RELTYPE` the relation is `PARENT`.
public struct RelatedTo: Hashable, Sendable {
  /// The UID of the related component.
  public var uid: String
  /// The relation type in uppercase: `PARENT`, `CHILD`, `SIBLING` or another value.
  public var relationType: String

  /// Creates a relation.
  ///
  /// - Parameters:
  ///   - uid: The UID of the related component.
  ///   - relationType: `PARENT` (the default), `CHILD`, `SIBLING` or another value.
  public init(uid: String, relationType: String = "PARENT") {
    self.uid = uid
    self.relationType = relationType.uppercased()
  }

  /// Reads a `RELATED-TO` line.
  ///
  /// - Parameter line: The content line.
  public init(_ line: ContentLine) {
    self.init(
      uid: line.textValue, relationType: line.parameter(named: "RELTYPE")?.value ?? "PARENT")
  }

  /// Writes this relation into `line`, keeping its other parameters, and leaving out
  /// `RELTYPE` for a parent when the line had none.
  ///
  /// - Parameter line: A `RELATED-TO` line.
  func write(to line: inout ContentLine) {
    line.setText(uid)
    let current = line.parameter(named: "RELTYPE")?.value.uppercased()
    if current == nil && relationType == "PARENT" { return }
    if current != relationType { line.setParameter("RELTYPE", value: relationType) }
  }
}
