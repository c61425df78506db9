import Foundation
import Persistence

// MARK: - Search

extension TodoService {
  /// The live todos of live lists that match a search, in list order then user order.
  ///
  /// Text matches a case-insensitive substring of the title or the notes, in SQL.
  ///
  /// - Throws: `TodoError.invalidText(field: "text", …)` for a control character in the text;
  ///   `TodoError.validation` if `deadlineFrom` is after `deadlineTo`;
  ///   `TodoError.notFound` for an unknown list.
  /// - Complexity: Two queries; the deadline range is checked in memory.
  public func search(_ search: TodoSearch) async throws -> [Todo] {
    let text = try TodoValidation.query(search.text, field: "text")
    if let from = search.deadlineFrom, let to = search.deadlineTo,
      [to.year, to.month, to.day].lexicographicallyPrecedes([from.year, from.month, from.day])
    {
      throw TodoError.validation(field: "deadline", message: "the range ends before it starts")
    }
    let (lists, found) = try await read { tx in
      let lists = try self.visibleLists(in: tx)
      var listIDs = lists.map(\.id)
      if let listID = search.listID {
        guard listIDs.contains(listID) else {
          throw TodoError.notFound(entity: "list", id: listID.uuidString)
        }
        listIDs = [listID]
      }
      var filter = Todo.deletedAtAttribute.isNil && Todo.listIDAttribute.isIn(listIDs)
      if !text.isEmpty {
        filter =
          filter && (Todo.titleAttribute.contains(text) || Todo.notesAttribute.contains(text))
      }
      if !search.statuses.isEmpty {
        filter =
          filter && Todo.statusAttribute.isIn(search.statuses.sorted { $0.rawValue < $1.rawValue })
      }
      let found = try tx.fetch(
        FetchRequest(filter: filter, sortedBy: [Todo.orderAttribute.ascending]))
      return (lists, found)
    }
    let rank = Dictionary(uniqueKeysWithValues: lists.enumerated().map { ($1.id, $0) })
    return found.filter(search.matchesDeadline).sorted {
      (rank[$0.listID] ?? 0, $0.order) < (rank[$1.listID] ?? 0, $1.order)
    }
  }
}
