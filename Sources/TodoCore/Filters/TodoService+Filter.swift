import Foundation
import Persistence

extension TodoService {
  /// The live todos of the principal's live lists that a filter shows (``TodoQuery``), in
  /// list order then user order: `todo ls --filter` and `GET /api/v1/todos?filter=`.
  ///
  /// Dates are read in the principal's time zone (``timeZone``).
  ///
  /// - Throws: `TodoError.validation(field: "filter", …)` for text that is no filter, saying
  ///   where and what was expected.
  /// - Complexity: One query for the lists and their live todos; the filter is checked in
  ///   memory, O(n · f) for n todos and a filter of f terms.
  public func todos(filter text: String) async throws -> [Todo] {
    let query = try TodoQuery(parsing: text)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let day = AgendaDay(now: now(), calendar: calendar)
    let (lists, todos) = try await read { tx in
      let lists = try self.visibleLists(in: tx)
      let todos = try tx.fetch(
        FetchRequest(
          filter: Todo.deletedAtAttribute.isNil && Todo.listIDAttribute.isIn(lists.map(\.id)),
          sortedBy: [Todo.orderAttribute.ascending]))
      return (lists, todos)
    }
    let context = TodoQuery.Context(
      day: day, listNames: Dictionary(uniqueKeysWithValues: lists.map { ($0.id, $0.name) }))
    let rank = Dictionary(uniqueKeysWithValues: lists.enumerated().map { ($1.id, $0) })
    return todos.filter { query.matches($0, in: context) }.sorted {
      (rank[$0.listID] ?? 0, $0.order) < (rank[$1.listID] ?? 0, $1.order)
    }
  }
}
