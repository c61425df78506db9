import ICalendar

extension TodoCalendar {
  /// Whether `line` names a todo's parent: a `RELATED-TO` whose `RELTYPE` is `PARENT` (the
  /// default).
  static func isParentLine(_ line: ContentLine) -> Bool {
    line.hasName("RELATED-TO") && RelatedTo(line).relationType == "PARENT"
  }

  /// Makes the kept `properties` of a subtask name its parent: the client's line stays while
  /// it names `parentUID`; otherwise lines naming another parent go and
  /// `RELATED-TO;RELTYPE=PARENT:<parentUID>` is added. Without a parent the kept lines stay
  /// as they are (a subtask that arrived before its parent waits with them).
  static func nameParent(_ parentUID: String?, in properties: inout [ContentLine]) {
    guard let parentUID else { return }
    if properties.contains(where: { isParentLine($0) && $0.textValue == parentUID }) { return }
    properties.removeAll(where: isParentLine)
    properties.append(
      ContentLine(
        name: "RELATED-TO", parameters: [PropertyParameter(name: "RELTYPE", value: "PARENT")],
        value: parentUID))
  }
}
