import Foundation
import TodoCore

/// The `TodoPatch` schema, the body of `PATCH /api/v1/todos/{todoID}`: any of `title`,
/// `notes`, `deadline` (`null` removes it), `status`, `section` (`null` removes it),
/// `listID`, `repeatRule` (`null` stops the repeating) with `repeatMode`, `start` (`null`
/// removes it), `someday`, `priority` (`null` removes it), `tags` (all of them), `parentID`
/// (`null` makes it top-level) with `completeSubtasks`, `assigneeID` (`null` unassigns it),
/// and the `version` the client read.
///
/// Hand-written because the generator cannot express nullable properties, nor tell a `null`
/// from a field left out (see docs/api.md); the generated code uses it by name.
package struct TodoPatchBody: Codable, Hashable, Sendable {
  /// The change.
  package var patch = TodoPatch()
  /// The version the client read.
  package var version: Version?

  private enum CodingKeys: String, CodingKey {
    case title, notes, deadline, status, section, listID, repeatRule, repeatMode, start, someday
    case priority, tags, parentID, assigneeID, completeSubtasks, version
  }

  /// The body for `patch`, checked against `version`.
  package init(patch: TodoPatch, version: Version?) {
    self.patch = patch
    self.version = version
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    patch.title = try container.decodeIfPresent(String.self, forKey: .title)
    patch.notes = try container.decodeIfPresent(String.self, forKey: .notes)
    if container.contains(.deadline) {
      let text = try container.decodeIfPresent(String.self, forKey: .deadline)
      patch.deadline = .some(try text.map(Deadline.init(parsing:)))
    }
    if let status = try container.decodeIfPresent(String.self, forKey: .status) {
      patch.status = try TodoStatus(parsing: status)
    }
    if container.contains(.section) {
      patch.section = .some(try container.decodeIfPresent(String.self, forKey: .section))
    }
    patch.listID = try container.decodeIfPresent(UUID.self, forKey: .listID)
    if container.contains(.repeatRule) || container.contains(.repeatMode) {
      patch.recurrence = .some(
        try NewTodoBody.recurrence(
          rule: try container.decodeIfPresent(String.self, forKey: .repeatRule),
          mode: try container.decodeIfPresent(Recurrence.Mode.self, forKey: .repeatMode)))
    }
    if container.contains(.start) {
      patch.start = .some(
        try NewTodoBody.start(try container.decodeIfPresent(String.self, forKey: .start)))
    }
    patch.someday = try container.decodeIfPresent(Bool.self, forKey: .someday)
    if container.contains(.priority) {
      patch.priority = .some(
        try NewTodoBody.priority(try container.decodeIfPresent(Int.self, forKey: .priority)))
    }
    patch.tags = try container.decodeIfPresent([String].self, forKey: .tags)
    if container.contains(.parentID) {
      patch.parentID = .some(try container.decodeIfPresent(UUID.self, forKey: .parentID))
    }
    if container.contains(.assigneeID) {
      patch.assigneeID = .some(try container.decodeIfPresent(UUID.self, forKey: .assigneeID))
    }
    patch.completingSubtasks =
      try container.decodeIfPresent(Bool.self, forKey: .completeSubtasks) ?? false
    version = try container.decodeIfPresent(Version.self, forKey: .version)
  }

  /// Writes only the fields the patch changes; `null` for a deadline or section it removes.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(patch.title, forKey: .title)
    try container.encodeIfPresent(patch.notes, forKey: .notes)
    if let deadline = patch.deadline {
      try container.encode(deadline?.rawValue, forKey: .deadline)
    }
    try container.encodeIfPresent(patch.status?.rawValue, forKey: .status)
    if let section = patch.section { try container.encode(section, forKey: .section) }
    try container.encodeIfPresent(patch.listID, forKey: .listID)
    if let recurrence = patch.recurrence {
      try container.encode(recurrence?.ruleText, forKey: .repeatRule)
      try container.encodeIfPresent(recurrence?.mode, forKey: .repeatMode)
    }
    if let start = patch.start { try container.encode(start?.rawValue, forKey: .start) }
    try container.encodeIfPresent(patch.someday, forKey: .someday)
    if let priority = patch.priority { try container.encode(priority?.rawValue, forKey: .priority) }
    try container.encodeIfPresent(patch.tags, forKey: .tags)
    if let parentID = patch.parentID { try container.encode(parentID, forKey: .parentID) }
    if let assigneeID = patch.assigneeID {
      try container.encode(assigneeID, forKey: .assigneeID)
    }
    if patch.completingSubtasks { try container.encode(true, forKey: .completeSubtasks) }
    try container.encodeIfPresent(version, forKey: .version)
  }
}
