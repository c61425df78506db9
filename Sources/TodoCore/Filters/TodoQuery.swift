import Foundation
import ICalendar
import Persistence

/// A filter over todos in a small query language, as Todoist's and Vikunja's filters read:
/// `today | overdue`, `#work & p1`, `due before: +7d`, `no date`, `list: Groceries`,
/// `status: in progress`, `search: milk`, with `!` (not), `&` (and), `|` (or) and parentheses.
///
/// A filter shows open todos (not done) unless it names a status: `status: done` finds the
/// done ones. ``TodoQuery/init(parsing:)`` reads the text; ``matches(_:in:)`` decides a todo.
///
/// | term | matches a todo |
/// |---|---|
/// | `today`, `tomorrow`, `overdue` | due today, due tomorrow, or past its deadline |
/// | `no date` | without a deadline |
/// | `due: DAY`, `due before: DAY`, `due after: DAY` | due on, before or after the day |
/// | `#tag` | with the tag (compared without case) |
/// | `p1` … `p4`, `no priority` | at that priority, or without one |
/// | `list: NAME` | in the list of that name (compared without case) |
/// | `status: not started`, `in progress`, `done` | in that status |
/// | `search: TEXT` | with the text in its title or notes (compared without case) |
/// | `assigned: me`, `no assignee` | assigned to the person, or to nobody |
///
/// A `DAY` is `today`, `tomorrow`, `yesterday`, a distance from today (`+7d`, `-3d`, `+2w`) or
/// a date (`2026-12-01`). `!` binds tightest, then `&`, then `|`.
public indirect enum TodoQuery: Hashable, Sendable {
  case today
  case tomorrow
  case overdue
  case noDate
  case due(DayComparison, QueryDay)
  case tag(String)
  case priority(Priority?)
  case list(String)
  case status(TodoStatus)
  case search(String)
  /// Assigned to the person (`true`, `assigned: me`) or to nobody (`false`, `no assignee`).
  case assignedToMe(Bool)
  case not(TodoQuery)
  case and([TodoQuery])
  case or([TodoQuery])

  /// How a deadline compares with a day.
  public enum DayComparison: String, Hashable, Sendable {
    case on, before, after
  }

  /// What a todo is matched against besides itself: the day it is now, in the person's time
  /// zone, and the names of the lists.
  public struct Context: Sendable {
    /// Today, and the time now, where the person is.
    public var day: AgendaDay
    /// The lists' names by identifier.
    public var listNames: [UUID: String]
    /// The person's account, on a server with accounts: who `assigned: me` is (nobody's todos
    /// are assigned to no one).
    public var me: UUID?

    /// Creates a context.
    public init(day: AgendaDay, listNames: [UUID: String], me: UUID? = nil) {
      self.day = day
      self.listNames = listNames
      self.me = me
    }
  }

  /// Whether the filter names a status anywhere: then done todos are not left out.
  public var namesStatus: Bool {
    switch self {
    case .status: true
    case .not(let query): query.namesStatus
    case .and(let queries), .or(let queries): queries.contains(where: \.namesStatus)
    default: false
    }
  }

  /// Whether `todo` is one the filter shows: not done unless the filter names a status, and
  /// matching its terms (``filter(in:)``, which a caller deciding many todos builds once).
  public func matches(_ todo: Todo, in context: Context) -> Bool {
    filter(in: context).matches(todo)
  }
}

/// A day a filter names: a date, or a distance in days from today.
public enum QueryDay: Hashable, Sendable {
  /// That many days from today (0 is today, -1 yesterday).
  case fromToday(Int)
  /// That date.
  case date(year: Int, month: Int, day: Int)

  /// Its day number (``CivilCalendar/dayNumber(year:month:day:)``) when today is `today`.
  func dayNumber(today: AgendaDay) -> Int {
    switch self {
    case .fromToday(let days):
      return CivilCalendar.dayNumber(
        year: today.today[0], month: today.today[1], day: today.today[2]) + days
    case .date(let year, let month, let day):
      return CivilCalendar.dayNumber(year: year, month: month, day: day)
    }
  }
}
