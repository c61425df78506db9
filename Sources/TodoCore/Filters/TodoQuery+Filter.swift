import Foundation
import ICalendar
import Persistence

extension TodoQuery {
  /// The store's filter for this query on the context's day: the one definition of what a
  /// query shows, evaluated by the store's SQL (``TodoService/todos(filter:)``), in memory
  /// (``matches(_:in:)``) and incrementally by an observation of a saved filter's view, with
  /// the same answer everywhere.
  ///
  /// Dates compare as the store keeps them, as text (`2026-01-01` before `2026-01-01T09:00`
  /// before `2026-01-02`). A comparison of a field a todo lacks (no deadline, no priority, no
  /// tags) is false, never unknown, so that `!today` shows the todos without a deadline.
  ///
  /// - Complexity: O(f) for a query of f terms; a `list:` term also looks through the
  ///   context's lists.
  public func filter(in context: Context) -> Filter<Todo> {
    let terms = storeFilter(in: context)
    return namesStatus ? terms : Todo.statusAttribute != .done && terms
  }

  private func storeFilter(in context: Context) -> Filter<Todo> {
    let day = context.day
    let today = Self.dayNumber(day.today)
    switch self {
    case .today: return Self.due(onDay: today)
    case .tomorrow: return Self.due(onDay: today + 1)
    case .overdue:
      // A date-only deadline is overdue from the next day on; one with a time, once the
      // minute has passed.
      let now = Self.deadline(today, minute: day.clock)
      return Todo.deadlineAttribute.isNotNil
        && (Todo.deadlineAttribute < Self.deadline(today)
          || (Todo.deadlineAttribute > Self.deadline(today) && Todo.deadlineAttribute < now))
    case .noDate: return Todo.deadlineAttribute.isNil
    case .due(let comparison, let queryDay):
      let other = queryDay.dayNumber(today: day)
      switch comparison {
      case .on: return Self.due(onDay: other)
      case .before: return Self.due(before: other)
      case .after: return Todo.deadlineAttribute.isNotNil && !Self.due(before: other + 1)
      }
    case .tag(let name): return Todo.tagsAttribute.isNotNil && Todo.tagged(name)
    case .priority(let priority?):
      return Todo.priorityAttribute.isNotNil && Todo.priorityAttribute == priority
    case .priority(nil): return Todo.priorityAttribute.isNil
    case .list(let name):
      let ids = context.listNames.filter { $0.value.caseInsensitiveCompare(name) == .orderedSame }
        .keys
      return Todo.listIDAttribute.isIn(ids.sorted())
    case .status(let status): return Todo.statusAttribute == status
    case .search(let text):
      return Todo.titleAttribute.contains(text) || Todo.notesAttribute.contains(text)
    case .assignedToMe(true):
      guard let me = context.me else { return .none }
      return Todo.assigneeIDAttribute.isNotNil && Todo.assigneeIDAttribute == me
    case .assignedToMe(false): return Todo.assigneeIDAttribute.isNil
    case .not(let query): return !query.storeFilter(in: context)
    case .and(let queries):
      return queries.dropFirst().reduce(queries[0].storeFilter(in: context)) {
        $0 && $1.storeFilter(in: context)
      }
    case .or(let queries):
      return queries.dropFirst().reduce(queries[0].storeFilter(in: context)) {
        $0 || $1.storeFilter(in: context)
      }
    }
  }

  /// Due on the day `number` (``CivilCalendar/dayNumber(year:month:day:)``), at any time.
  private static func due(onDay number: Int) -> Filter<Todo> {
    Todo.deadlineAttribute.isNotNil && !due(before: number) && due(before: number + 1)
  }

  /// Due before the day `number`: a day before the first a deadline may have is before
  /// every deadline, one after the last after every deadline.
  private static func due(before number: Int) -> Filter<Todo> {
    if number <= lowestDay { return .none }
    if number > highestDay { return Todo.deadlineAttribute.isNotNil }
    return Todo.deadlineAttribute.isNotNil && Todo.deadlineAttribute < deadline(number)
  }

  /// The first and last days a deadline may have (years 1 to 9999).
  private static let lowestDay = CivilCalendar.dayNumber(year: 1, month: 1, day: 1)
  private static let highestDay = CivilCalendar.dayNumber(year: 9999, month: 12, day: 31)

  /// The day's number of `[year, month, day]`.
  private static func dayNumber(_ parts: [Int]) -> Int {
    CivilCalendar.dayNumber(year: parts[0], month: parts[1], day: parts[2])
  }

  /// The date-only deadline of the day `number` (within the years a deadline may have), or
  /// that day at `minute` (`[hour, minute]`).
  private static func deadline(_ number: Int, minute: [Int]? = nil) -> Deadline? {
    let date = CivilCalendar.date(dayNumber: min(max(number, lowestDay), highestDay))
    return try? Deadline(
      year: date.year, month: date.month, day: date.day, hour: minute?[0], minute: minute?[1])
  }
}
