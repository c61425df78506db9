import Foundation
import TodoCore

/// `POST /api/v1/lists` and `PATCH /api/v1/lists/{listID}`: `{"name": "Groceries"}`.
struct ListNameBody: Decodable {
  var name: String
}

/// The body of the `move` routes of lists and todos: exactly one of `before`, `after` (an
/// identifier in the same collection) or `to` (`"top"` or `"bottom"`), and for todos an
/// optional `version`.
struct MoveBody: Decodable {
  var before: UUID?
  var after: UUID?
  var to: String?
  var version: Int?

  /// The position the body names.
  ///
  /// - Throws: a 422 problem unless exactly one position is given.
  func position() throws -> MovePosition {
    switch (before, after, to) {
    case (let id?, nil, nil): return .before(id)
    case (nil, let id?, nil): return .after(id)
    case (nil, nil, "top"): return .top
    case (nil, nil, "bottom"): return .bottom
    default:
      throw Problem(
        .unprocessableContent, type: "urn:todo:problem:validation", title: "Invalid input",
        detail: "position: give exactly one of before, after, or to (\"top\" or \"bottom\")",
        field: "position")
    }
  }
}
