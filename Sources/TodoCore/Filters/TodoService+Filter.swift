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
  /// - Complexity: Two queries: the lists, then the todos the filter shows (the filter is the
  ///   store's SQL, ``TodoQuery/filter(in:)``).
  public func todos(filter text: String) async throws -> [Todo] {
    let query = try TodoQuery(parsing: text)
    let day = AgendaDay(now: now(), calendar: zoneCalendar)
    return try await read { tx in
      let lists = try self.visibleLists(in: tx)
      let todos = try tx.fetch(
        Self.request(for: query, day: day, lists: lists, me: self.principal?.accountID))
      return Self.inListOrder(todos, lists: lists)
    }
  }

  /// The Gregorian calendar in the principal's time zone: what "today" means for them.
  var zoneCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }

  /// The request for the live todos of `lists` that `query` shows on `day`, in user order:
  /// one definition for a read and for a view's observation (``observeViews(showing:timeZone:)``);
  /// `me` is the person's account (`assigned: me`).
  /// The same query of the same person on the same day is the same request, so every page
  /// showing it shares one observation.
  static func request(
    for query: TodoQuery, day: AgendaDay, lists: [TodoList], me: UUID?
  ) -> FetchRequest<Todo> {
    let context = TodoQuery.Context(
      day: day,
      listNames: Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }),
      me: me)
    let ids = lists.map(\.id).sorted()
    return FetchRequest(
      filter: Todo.deletedAtAttribute.isNil && Todo.listIDAttribute.isIn(ids)
        && query.filter(in: context),
      sortedBy: [Todo.orderAttribute.ascending])
  }

  /// `todos` (each in user order) by the order of their lists in the sidebar, then in user
  /// order.
  ///
  /// - Complexity: O(n log n) for n todos.
  static func inListOrder(_ todos: [Todo], lists: [TodoList]) -> [Todo] {
    let rank = Dictionary(lists.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    // Each todo's key looked up once, and the keys sorted rather than the todos: a page
    // showing a view orders its todos again whenever a commit changes them.
    let keys = todos.indices.map { (rank[todos[$0].listID] ?? 0, todos[$0].order, $0) }
    guard zip(keys, keys.dropFirst()).contains(where: { ($0.0, $0.1) > ($1.0, $1.1) }) else {
      return todos
    }
    return keys.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map { todos[$0.2] }
  }
}
