import Foundation
import TodoCore

/// The `ListMove` and `TodoMove` schemas: exactly one of `before`, `after` (an identifier in
/// the same collection) or `to` (`"top"` or `"bottom"`), and for todos an optional `version`;
/// `null` is the same as leaving a field out.
///
/// Hand-written because the generator cannot express the schema's `oneOf` over required
/// fields with nullable properties (see docs/api.md); the generated code uses it by name.
package struct MoveBody: Codable, Hashable, Sendable {
  /// Place the object before this one.
  package var before: UUID?
  /// Place the object after this one.
  package var after: UUID?
  /// `"top"` or `"bottom"`.
  package var to: String?
  /// The version of the todo the client read.
  package var version: Version?

  /// Creates a body.
  package init(before: UUID? = nil, after: UUID? = nil, to: String? = nil, version: Version? = nil)
  {
    self.before = before
    self.after = after
    self.to = to
    self.version = version
  }

  /// The body for a move to `position`.
  package init(_ position: MovePosition, version: Version? = nil) {
    switch position {
    case .before(let id): self.init(before: id, version: version)
    case .after(let id): self.init(after: id, version: version)
    case .top: self.init(to: "top", version: version)
    case .bottom: self.init(to: "bottom", version: version)
    }
  }

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
