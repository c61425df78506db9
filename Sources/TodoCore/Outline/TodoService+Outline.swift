import Foundation
import Persistence

// MARK: - The person's collapsed outline groups

extension TodoService {
  /// The outline groups and parents the principal collapsed (``OutlineState``), the most
  /// recently collapsed last; none for a person who never collapsed one.
  public func collapsedGroups() async throws -> [String] {
    try await read { tx in try tx.object(OutlineState.self, id: self.outlineOwner)?.groups ?? [] }
  }

  /// Remembers that the principal collapsed or expanded an outline group (`group:undone`,
  /// `group:done`) or a parent (its identifier). Todos that no longer exist are forgotten on
  /// the way, and past ``OutlineState/limit`` the ones collapsed longest ago.
  ///
  /// - Throws: `TodoError.validation` for a group that is neither.
  public func setCollapsed(_ group: String, _ collapsed: Bool) async throws {
    guard OutlineState.isGroup(group) else {
      throw TodoError.validation(
        field: "id", message: "\"\(group.prefix(40))\" is no outline group or todo")
    }
    let owner = outlineOwner
    try await write { tx in
      let stored = try tx.object(OutlineState.self, id: owner)
      var state = stored ?? OutlineState(id: owner)
      var groups = state.groups.filter { $0 != group }
      if collapsed { groups.append(group) }
      let ids = groups.compactMap(UUID.init(uuidString:))
      if !ids.isEmpty {
        let existing = Set(
          try tx.fetch(FetchRequest<Todo>(filter: Todo.idAttribute.isIn(ids))).map(\.id))
        groups.removeAll { UUID(uuidString: $0).map { !existing.contains($0) } ?? false }
      }
      groups = Array(groups.suffix(OutlineState.limit))
      state.groups = groups
      guard state != stored else { return }
      if stored == nil { try tx.insert(state) } else { try tx.update(state) }
    }
  }

  /// Whose outline state the principal's is: its account, or the server's one person.
  private var outlineOwner: UUID { principal?.accountID ?? OutlineState.localID }
}
