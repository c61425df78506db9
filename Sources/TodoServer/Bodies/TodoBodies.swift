import Foundation
import TodoCore

/// `POST /api/v1/lists/{listID}/todos`: a new todo. Only `title` is required.
struct CreateTodoBody: Decodable {
  var title: String
  var notes: String?
  var deadline: String?
  var status: String?
  var section: String?

  /// The draft for ``TodoService/createTodo(_:)``.
  ///
  /// - Throws: `TodoError.validation` for a malformed deadline or unknown status.
  func draft(in listID: UUID) throws -> NewTodo {
    NewTodo(
      title: title, listID: listID, notes: notes ?? "",
      deadline: try deadline.map(Deadline.init(parsing:)),
      status: try status.map(TodoStatus.init(parsing:)) ?? .notStarted, section: section)
  }
}

/// `PATCH /api/v1/todos/{todoID}`: any of `title`, `notes`, `deadline` (`null` removes it),
/// `status`, `section` (`null` removes it), `listID`, and the `version` the client read.
struct PatchTodoBody: Decodable {
  var patch = TodoPatch()
  var version: Int?

  private enum CodingKeys: String, CodingKey {
    case title, notes, deadline, status, section, listID, version
  }

  init(from decoder: any Decoder) throws {
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
    version = try container.decodeIfPresent(Int.self, forKey: .version)
  }
}
