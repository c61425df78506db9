import Foundation
import Persistence
import Synchronization

// MARK: - Open counts and the agenda

extension TodoService {
  /// Every live todo, in sections by list, each in user order: one observation of it,
  /// shared by every page (``observe(list:)``), gives a page its list's todos (one section),
  /// every list's open count and the agenda, all from the same commit.
  ///
  /// It is kept up to date from each commit's change record like any observed request: a
  /// commit that adds, completes, moves or trashes a todo changes one or two sections, and
  /// no list is read again.
  static var liveTodosByList: FetchRequest<Todo> {
    FetchRequest(
      filter: Todo.deletedAtAttribute.isNil, sortedBy: [Todo.orderAttribute.ascending],
      sectionKey: Todo.listIDAttribute)
  }

  /// The todos of one list in a value of ``liveTodosByList``.
  ///
  /// - Complexity: O(l) for l lists with live todos.
  static func todos(of listID: UUID, in results: FetchedResults<Todo>) -> [Todo] {
    results.sections.first { $0.objects.first?.listID == listID }?.objects ?? []
  }

  /// What every page derives from one value of ``liveTodosByList``, computed once for all of
  /// them: the open count of every list, and the agenda (the open todos with a deadline or a
  /// start date, by the earlier of them, then title, then those put aside for some day).
  struct Digest: Sendable {
    var sequence: ChangeSequence
    var openCounts: [UUID: Int]
    var agenda: [Todo]
    /// Each list's tags with their open counts (a list without tags is absent).
    var tagCounts: [UUID: [TagCount]] = [:]
    /// Each list's parents' titles by identifier (a list without subtasks is absent): what a
    /// subtask shown away from its parent (in a smart view, a query, the Undone and Done
    /// groups) names it by.
    var parentTitles: [UUID: [UUID: String]] = [:]
  }

  /// The digest of `results` (a value of ``liveTodosByList`` of this service's container).
  ///
  /// - Complexity: O(n · t + m log m) for n live todos of t tags each and m in the agenda,
  ///   once per commit for every page; O(1) for the pages that find it computed.
  func digest(of results: FetchedResults<Todo>) -> Digest {
    if let digest = digests.latest.withLock({ $0 }), digest.sequence == results.sequence {
      return digest
    }
    var counts: [UUID: Int] = [:]
    var agenda: [Todo] = []
    var tags: [UUID: [TagCount]] = [:]
    var parentTitles: [UUID: [UUID: String]] = [:]
    // Each todo's fields are read in place: this runs over every live todo at each commit,
    // and a todo copied out of the array retains each of its fields.
    for section in results.sections {
      let todos = section.objects
      guard let listID = todos.first?.listID else { continue }
      var parents: Set<UUID> = []
      var tagged = false
      var open = 0
      for index in todos.indices {
        if let parentID = todos[index].parentID { parents.insert(parentID) }
        if todos[index].tags != nil { tagged = true }
        guard todos[index].status != .done else { continue }
        open += 1
        if todos[index].deadline != nil || todos[index].start != nil || todos[index].isSomeday {
          agenda.append(todos[index])
        }
      }
      if !parents.isEmpty {
        var titles: [UUID: String] = [:]
        for index in todos.indices where parents.contains(todos[index].id) {
          titles[todos[index].id] = todos[index].title
        }
        parentTitles[listID] = titles
      }
      if tagged { tags[listID] = Self.tagCounts(of: todos) }
      if open > 0 { counts[listID] = open }
    }
    agenda.sort { lhs, rhs in
      // Dated first, by their first date (a start comes before its deadline).
      let (left, right) = (lhs.start ?? lhs.deadline, rhs.start ?? rhs.deadline)
      if left != right {
        guard let left else { return false }
        guard let right else { return true }
        return left < right
      }
      if lhs.title != rhs.title { return lhs.title < rhs.title }
      return lhs.id < rhs.id
    }
    let digest = Digest(
      sequence: results.sequence, openCounts: counts, agenda: agenda, tagCounts: tags,
      parentTitles: parentTitles)
    digests.latest.withLock { latest in
      if (latest?.sequence ?? .zero) <= digest.sequence { latest = digest }
    }
    return digest
  }
}

/// The newest ``TodoService/Digest`` of a service's container: the first page to publish a
/// value computes it, the others take it.
final class DigestCache: Sendable {
  let latest = Mutex<TodoService.Digest?>(nil)
}

/// The smart views of the page: the open todos of every list the person can read, chosen
/// by their dates.
public enum SmartView: String, Codable, Sendable, CaseIterable {
  /// Due today, or starting today.
  case today
  /// Starting or due in the next seven days after today, one section per day.
  case upcoming
  /// Past their deadline.
  case overdue
  /// Put aside for some day.
  case someday

  /// The view's name in the sidebar and as the page's title.
  public var name: String {
    switch self {
    case .today: "Today"
    case .upcoming: "Upcoming"
    case .overdue: "Overdue"
    case .someday: "Someday"
    }
  }
}

/// What day it is, in a calendar, for sorting deadlines into the smart views: computed once,
/// then each deadline is placed with a few integer comparisons.
public struct AgendaDay: Sendable, Equatable {
  /// Today's year, month and day.
  public let today: [Int]
  /// The minute of the day now, as hour and minute.
  let clock: [Int]
  /// The next seven days after today, as year, month and day.
  public let upcoming: [[Int]]

  /// The day of `now` in `calendar`.
  ///
  /// Every page renders its sidebar's counts with one: the value of the last minute and time
  /// zone asked for is kept, so that a change reaching a thousand pages does not make them
  /// all ask the calendar the same sixteen questions (a tenth of a millisecond each time).
  public init(now: Date, calendar: Calendar) {
    let key = Key(minute: Int((now.timeIntervalSince1970 / 60).rounded(.down)), calendar: calendar)
    if let day = Self.last.withLock({ $0?.key == key ? $0?.day : nil }) {
      self = day
      return
    }
    self.init(computing: now, calendar: calendar)
    let day = self
    Self.last.withLock { $0 = (key, day) }
  }

  /// What a day depends on: the minute of `now` (every time zone's offset is whole
  /// minutes) and the calendar with its time zone.
  private struct Key: Equatable {
    var minute: Int
    var calendar: Calendar
  }

  /// The last day computed, by its key.
  private static let last = Mutex<(key: Key, day: AgendaDay)?>(nil)

  private init(computing now: Date, calendar: Calendar) {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
    today = [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    clock = [parts.hour ?? 0, parts.minute ?? 0]
    let start = calendar.startOfDay(for: now)
    upcoming = (1...7).map { offset in
      // Noon avoids days that daylight saving time shortens or lengthens at midnight.
      let day = calendar.date(byAdding: .day, value: offset, to: start) ?? start
      let noon = calendar.date(byAdding: .hour, value: 12, to: day) ?? day
      let parts = calendar.dateComponents([.year, .month, .day], from: noon)
      return [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    }
  }

  /// Whether `deadline` is on today's date.
  public func isToday(_ deadline: Deadline) -> Bool {
    [deadline.year, deadline.month, deadline.day] == today
  }

  /// Whether `deadline` has passed (a date-only deadline from the next day on, as
  /// ``Deadline/isOverdue(at:in:)`` says).
  public func isOverdue(_ deadline: Deadline) -> Bool {
    let day = [deadline.year, deadline.month, deadline.day]
    if day != today { return day.lexicographicallyPrecedes(today) }
    guard let time = deadline.time else { return false }
    return [time.hour, time.minute].lexicographicallyPrecedes(clock)
  }

  /// Which of the next seven days `deadline` falls on (0 is tomorrow), if any.
  public func upcomingDay(_ deadline: Deadline) -> Int? {
    let day = [deadline.year, deadline.month, deadline.day]
    guard let last = upcoming.last, !day.lexicographicallyPrecedes(upcoming[0]),
      !last.lexicographicallyPrecedes(day)
    else { return nil }
    return upcoming.firstIndex(of: day)
  }

  /// Whether a start date has come: its day is today or before, and a start time today has
  /// passed.
  public func hasBegun(_ start: Deadline) -> Bool {
    let day = [start.year, start.month, start.day]
    if day != today { return day.lexicographicallyPrecedes(today) }
    guard let time = start.time else { return true }
    return !clock.lexicographicallyPrecedes([time.hour, time.minute])
  }

  /// The day of Upcoming a todo is shown on (0 is tomorrow): its start day when it starts in
  /// the next seven days, else its deadline's; `nil` when neither is in them.
  public func upcomingDay(of todo: Todo) -> Int? {
    todo.start.flatMap(upcomingDay) ?? todo.deadline.flatMap(upcomingDay)
  }

  /// Whether `todo` belongs in `view`. Today has the todos due or starting today; a todo put
  /// aside for some day is only in Someday (and in Overdue, once its deadline passed).
  public func shows(_ todo: Todo, in view: SmartView) -> Bool {
    guard todo.status != .done else { return false }
    switch view {
    case .today:
      guard !todo.isSomeday else { return false }
      return (todo.start.map(isToday) ?? false) || (todo.deadline.map(isToday) ?? false)
    case .upcoming: return !todo.isSomeday && upcomingDay(of: todo) != nil
    case .overdue: return todo.deadline.map(isOverdue) ?? false
    case .someday: return todo.isSomeday
    }
  }
}
