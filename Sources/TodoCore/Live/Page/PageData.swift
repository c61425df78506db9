import Foundation

/// The data every part of a live page reads: what the page's observation delivered (the
/// lists, the chosen list's todos, the agenda, the open counts), which list or smart view the
/// page shows, and the clock and time zone dates are read in.
///
/// ``LivePage`` holds it once and passes it down to its features (``PageScoped``); only the
/// page itself writes what the observation delivers (``LivePage/Action/loaded(_:)``) and what
/// it shows (a list or a view the sidebar chose).
public struct PageData: Equatable, Sendable {
  /// Whether the first load finished.
  public var loaded = false
  /// The live lists in user order.
  public var lists: [TodoList] = []
  /// Who is signed in, on a server with accounts.
  public var signedIn: Principal?
  /// The chosen list; the Inbox until another is chosen.
  public var listID: UUID
  /// The chosen list's live todos in user order.
  public var todos: [Todo] = []
  /// The list ``todos`` belong to: the chosen list once its first value arrived, the list
  /// chosen before until then.
  public var todosListID: UUID?
  /// The chosen smart view (Today, Upcoming, Overdue), shown instead of the chosen list;
  /// `nil` while a list or a query is shown.
  public var view: SmartView?
  /// The chosen query (a saved filter, a tag), shown instead of the chosen list; `nil` while
  /// a list or a smart view is shown.
  public var query: PageQuery?
  /// The todos the chosen query shows, by list then in user order, once they arrived.
  public var queryTodos: [Todo] = []
  /// The store's change sequence ``queryTodos`` reflect (zero until they arrived).
  public var querySequence = ChangeSequence.zero
  /// The person's saved filters, in their order: the sidebar's Filters.
  public var filters: [SavedFilter] = []
  /// How many todos each saved filter shows (a filter whose text no longer reads is absent).
  public var filterCounts: [UUID: Int] = [:]
  /// The tags of the open todos the person can read, with their counts: the sidebar's Tags.
  public var tagCounts: [TagCount] = []
  /// The colours the person gave their tags, by lowercased tag.
  public var tagColors: [String: TagColor] = [:]
  /// The titles of the subtasks' parents, by identifier: a subtask shown away from its parent
  /// (a smart view, a query, the Undone and Done groups) names it.
  public var parentTitles: [UUID: String] = [:]
  /// The members of each list the person can read, on a server with accounts: whom its
  /// todos can be assigned to.
  public var members: [UUID: [ListMember]] = [:]
  /// How many open todos are assigned to the person, on a server with accounts.
  public var assignedToMe: Int?
  /// The open todos with a deadline of every list the person can read, by deadline then
  /// title: what the smart views choose from (``TodoService/agenda``).
  public var agenda: [Todo] = []
  /// How many open (not done) todos each list holds, for the sidebar; a list with none is
  /// absent.
  public var openCounts: [UUID: Int] = [:]
  /// When the data was loaded: what "overdue" is measured against.
  public var now = Date(timeIntervalSince1970: 0)
  /// The browser's time zone, once the page said it: what "tomorrow" and "overdue" mean
  /// for the person (the server's own until then).
  public var timeZone: TimeZone?
  /// The store's change sequence the data reflects: pages showing the same list at the
  /// same sequence show the same data.
  public var sequence = ChangeSequence.zero

  /// Creates the data of a page that has not loaded yet.
  ///
  /// - Parameter signedIn: Who is signed in, on a server with accounts; the page opens their
  ///   Inbox.
  public init(signedIn: Principal? = nil) {
    self.signedIn = signedIn
    self.listID = signedIn?.inboxID ?? TodoList.inboxID
  }

  /// The person's Inbox: the list the page opens, and goes back to when the chosen list
  /// goes away (trashed, or no longer shared).
  public var inboxID: UUID { signedIn?.inboxID ?? TodoList.inboxID }

  /// The calendar a deadline is "overdue" in: the browser's time zone, else the server's.
  var deadlineCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone ?? .current
    return calendar
  }

  /// The todos the page shows now: the chosen smart view's, else the chosen list's (before
  /// filter and search).
  public var shownTodos: [Todo] {
    if query != nil { return queryTodos }
    guard let view else { return todos }
    let day = AgendaDay(now: now, calendar: deadlineCalendar)
    return agenda.filter { day.shows($0, in: view) }
  }

  /// The todo with this identifier among those the page shows (the chosen list's, or the
  /// chosen smart view's).
  public func shownTodo(_ id: UUID) -> Todo? {
    guard view != nil || query != nil else { return todos.first { $0.id == id } }
    return shownTodos.first { $0.id == id }
  }

  /// The name of what the page shows when it shows todos of every list (a smart view, a
  /// saved filter, a tag), for what only a list can do; `nil` while a list is shown.
  var acrossListsName: String? {
    if let view { return view.name }
    guard let query else { return nil }
    if let id = query.filterID, let filter = filters.first(where: { $0.id == id }) {
      return "The filter \u{201C}\(filter.name)\u{201D}"
    }
    return query.tag.map { "#" + $0 } ?? "This filter"
  }

  /// Whether the person has a list with this identifier.
  func hasList(_ id: UUID) -> Bool {
    lists.contains { $0.id == id }
  }

  /// Takes what a load read.
  mutating func apply(_ loaded: LivePage.Loaded) {
    self.loaded = true
    lists = loaded.lists
    listID = loaded.listID
    todos = loaded.todos
    todosListID = loaded.listID
    now = loaded.now
    sequence = loaded.sequence
    openCounts = loaded.openCounts
    agenda = loaded.agenda
    tagCounts = loaded.tagCounts
    members = loaded.members
    parentTitles = loaded.parentTitles
  }

  /// The names of the people todos can be assigned to, by account: what a row shows.
  var assigneeNames: [UUID: String] {
    var names: [UUID: String] = [:]
    for list in members.values {
      for member in list { names[member.accountID] = member.name }
    }
    return names
  }

  /// Takes what the views' observation delivered: the saved filters, their counts, and the
  /// chosen query's todos.
  mutating func apply(_ views: ViewsObservation) {
    filters = views.filters
    filterCounts = views.counts
    assignedToMe = views.assignedToMe
    tagColors = views.tagColors
    // A value observed for the query shown before this one is not this query's. One that
    // changed only other filters' counts leaves the query's todos, and so their sequence, as
    // they were: the page's list part is the same one, not rendered and diffed again.
    if let query, views.showing == query.text, let shown = views.shown,
      querySequence == .zero || shown != queryTodos
    {
      queryTodos = shown
      querySequence = views.sequence
    }
  }
}

/// A query the page shows instead of a list: a saved filter's, or a tag's (`#errands`).
public struct PageQuery: Hashable, Sendable {
  /// The query's text (``TodoQuery``).
  public var text: String
  /// The saved filter it is, if it is one: its name is the page's title, and an edit of its
  /// text changes what the page shows.
  public var filterID: UUID?

  /// A query of `text`, a saved filter's if `filterID` names one.
  public init(text: String, filterID: UUID? = nil) {
    self.text = text
    self.filterID = filterID
  }

  /// The query of the todos with the tag `name`.
  public static func tag(_ name: String) -> PageQuery {
    PageQuery(text: "#" + name)
  }

  /// The tag this query shows, if it is a tag's (``tag(_:)``).
  public var tag: String? {
    guard filterID == nil, text.hasPrefix("#"), case .tag(let name)? = try? TodoQuery(parsing: text)
    else { return nil }
    return name
  }
}
