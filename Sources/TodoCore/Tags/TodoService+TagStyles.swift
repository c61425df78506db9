import Foundation
import Persistence

// MARK: - Tag colours

extension TodoService {
  /// The colours the principal gave their tags, by lowercased tag.
  public func tagColors() async throws -> [String: TagColor] {
    try await read { tx in Self.colors(try tx.fetch(self.ownTagStylesRequest)) }
  }

  /// Gives a tag a colour, or takes it away (`nil`), for the principal.
  ///
  /// - Throws: `TodoError.validation(field: "tags", …)` for a name that is no tag.
  public func setTagColor(_ tag: String, _ color: TagColor?) async throws {
    guard let name = try TodoValidation.tags([tag]).first?.lowercased() else {
      throw TodoError.validation(field: "tags", message: "a tag cannot be empty")
    }
    try await write { tx in try self.setTagColor(name, color, in: tx) }
  }

  /// Sets the principal's colour of the lowercased tag `name` in a write.
  func setTagColor(_ name: String, _ color: TagColor?, in tx: WriteTransaction) throws {
    let stored = try tx.fetch(ownTagStylesRequest).first { $0.name == name }
    switch (stored, color) {
    case (let stored?, let color?) where stored.color != color:
      var style = stored
      style.color = color
      try tx.update(style)
    case (let stored?, nil):
      try tx.delete(stored)
    case (nil, let color?):
      try tx.insert(TagStyle(id: UUID(), ownerID: principal?.accountID, name: name, color: color))
    default:
      break
    }
  }

  /// After `old` was renamed to `new`: the principal's colour of `old` goes with it, unless
  /// `new` has its own (a merge keeps the colour of the tag merged into).
  func moveTagColor(from old: String, to new: String, in tx: WriteTransaction) throws {
    let styles = try tx.fetch(ownTagStylesRequest)
    guard old.lowercased() != new.lowercased(),
      let moved = styles.first(where: { $0.name == old.lowercased() })
    else { return }
    try tx.delete(moved)
    if !styles.contains(where: { $0.name == new.lowercased() }) {
      try tx.insert(
        TagStyle(id: UUID(), ownerID: moved.ownerID, name: new.lowercased(), color: moved.color))
    }
  }

  /// The principal's tag colours (the local user's without one).
  var ownTagStylesRequest: FetchRequest<TagStyle> {
    FetchRequest(
      filter: principal.map { TagStyle.ownerIDAttribute == $0.accountID }
        ?? TagStyle.ownerIDAttribute.isNil)
  }

  static func colors(_ styles: [TagStyle]) -> [String: TagColor] {
    Dictionary(styles.map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
  }
}
