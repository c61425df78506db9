import Composable
import Foundation

/// The live web page as a feature: one store per open page on the server.
///
/// Its state is the page's data (lists, the chosen list's todos) and the person's choices
/// (filter, search, layout, open dialogs). Events from the browser become ``Action``s; writes
/// go through ``TodoService``. The data arrives from one observation
/// (``TodoService/observe(list:)``) as ``Action/loaded(_:)``: the first value, then every
/// commit that changes it, whoever made it (this page, another page, the command line, the
/// JSON API, another process). The page's ``PageSnapshot`` is a pure function of the state.
///
/// ```swift
/// let store = Store(initialState: LivePage.State()) {
///   LivePage()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// store.send(.onAppear)
/// store.send(.add("Buy milk"))
/// ```
public struct LivePage: Reducer {
  /// Which todos the list shows.
  public enum Filter: String, Codable, Sendable, CaseIterable { case all, active, completed }
  /// How the list is grouped.
  public enum Layout: String, Codable, Sendable, CaseIterable { case plain, outline, sectioned }

  /// The page's data and choices.
  public struct State: Equatable, Sendable {
    /// Whether the first load finished.
    public var loaded = false
    /// The live lists in user order.
    public var lists: [TodoList] = []
    /// The person's Inbox: the list the page opens, and goes back to when the chosen list
    /// goes away (trashed, or no longer shared).
    public var inboxID: UUID { signedIn?.inboxID ?? TodoList.inboxID }
    /// The chosen list; the Inbox until another is chosen.
    public var listID: UUID = TodoList.inboxID
    /// Who is signed in, on a server with accounts.
    public var signedIn: Principal?
    /// The chosen list's live todos in user order.
    public var todos: [Todo] = []
    /// The chosen smart view (Today, Upcoming, Overdue), shown instead of the chosen list;
    /// `nil` while a list is shown.
    public var view: SmartView?
    /// The open todos with a deadline of every list the person can read, by deadline then
    /// title: what the smart views choose from (``TodoService/agenda``).
    public var agenda: [Todo] = []
    /// How many open (not done) todos each list holds, for the sidebar; a list with none is
    /// absent.
    public var openCounts: [UUID: Int] = [:]
    /// The list ``todos`` belong to: the chosen list once its first value arrived, the list
    /// chosen before until then.
    public var todosListID: UUID?
    /// When the data was loaded: what "overdue" is measured against.
    public var now = Date(timeIntervalSince1970: 0)
    /// The browser's time zone, once the page said it: what "tomorrow" and "overdue" mean
    /// for the person (the server's own until then).
    public var timeZone: TimeZone?
    /// The calendar a deadline is "overdue" in: the browser's time zone, else the server's.
    var deadlineCalendar: Calendar {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone ?? .current
      return calendar
    }
    /// The store's change sequence the data reflects: pages showing the same list at the
    /// same sequence show the same data.
    public var sequence = ChangeSequence.zero
    /// Which todos the list shows.
    public var filter = Filter.all
    /// The search text (case-insensitive, over titles and notes).
    public var search = ""
    /// How the list is grouped.
    public var layout = Layout.plain
    /// Whether the list is in deadline order instead of user order.
    public var sortByDeadline = false
    /// Outline groups the person collapsed (`group:undone`, `group:done`).
    public var collapsed: Set<String> = []
    /// What the new-todo field reads as, while it names a deadline (shown as a chip).
    public var newEntry: QuickEntry?
    /// Whether the person removed the chip: the text is added as typed.
    public var quickDismissed = false
    /// The open edit sheet.
    public var editor: TodoEditor.State?
    /// The draft the sheet opens with, when the page brought one back from a reload.
    public var restoring: DraftRestore?
    /// The todo whose deletion waits for confirmation.
    public var confirmDelete: UUID?
    /// The list whose deletion waits for confirmation.
    public var confirmDeleteList: UUID?
    /// Whether "Clear completed" waits for confirmation.
    public var confirmClear = false
    /// The todos that Undo restores (one deleted todo, or the completed todos cleared);
    /// empty when there is nothing to undo.
    public var undo: [Todo] = []
    /// The last error.
    public var problem: String?
    /// Whether the server cannot reach its database: writes fail until it is back, and the
    /// page says so.
    public var storeUnreachable = false

    /// The todos the page shows now: the chosen smart view's, else the chosen list's (before
    /// filter and search).
    public var shownTodos: [Todo] {
      guard let view else { return todos }
      let day = AgendaDay(now: now, calendar: deadlineCalendar)
      return agenda.filter { day.shows($0, in: view) }
    }

    /// The todo with this identifier among those the page shows (the chosen list's, or the
    /// chosen smart view's).
    public func shownTodo(_ id: UUID) -> Todo? {
      guard view != nil else { return todos.first { $0.id == id } }
      return shownTodos.first { $0.id == id }
    }

    /// Creates the state of a page that has not loaded yet.
    ///
    /// - Parameters:
    ///   - signedIn: Who is signed in, on a server with accounts; the page opens their
    ///     Inbox.
    public init(signedIn: Principal? = nil) {
      self.signedIn = signedIn
      self.listID = signedIn?.inboxID ?? TodoList.inboxID
    }
  }

  /// The events of the page: the browser's, and the results of effects.
  @CasePathable
  public enum Action: Equatable, Sendable {
    // MARK: Browser events
    /// The page connected: load everything.
    case onAppear
    /// The page closed: stop observing its data (the observation never ends by itself).
    case onDisappear
    /// Add a todo with this text (trimmed; empty text is ignored; text with a control
    /// character is refused with ``State/problem``). A deadline the text names
    /// (``QuickEntry``) becomes the todo's, unless its chip was removed.
    case add(String)
    /// The new-todo field's text changed: read it for a deadline.
    case typeNew(String)
    /// Remove the deadline chip: the text is added as typed.
    case dismissQuickDeadline
    /// The browser's time zone (an IANA identifier, `Europe/Paris`): quick entry and
    /// "overdue" read dates in it. An identifier the server does not know is refused. Once
    /// loaded, it also reads the clock again: the page sends it at its midnight, so the day
    /// the smart views and "overdue" are measured against follows the date.
    case setTimeZone(String)
    case toggle(UUID)
    case setStatus(UUID, TodoStatus)
    case beginEdit(UUID)
    /// Save the edit sheet with these fields (refused with the sheet's problem, and not
    /// applied, if any text has a control character).
    case saveEdit(EditFields)
    case cancelEdit
    /// Reopen the sheet of a todo with a draft kept across a reconnect or a reload, typed over
    /// `version`: if someone else changed the todo since, the sheet shows the conflict.
    case restoreEdit(UUID, version: Version, EditFields)
    /// After a conflict: save the sheet with these fields over the other version.
    case keepMine(EditFields)
    /// After a conflict: throw the draft away and edit the other version.
    case useTheirs
    case requestDelete(UUID)
    case confirmDelete
    case cancelDelete
    case undo
    case dismissToast
    /// Move a todo just before or just after another.
    case move(UUID, MovePosition)
    /// Filter by this text (refused with ``State/problem`` if it has a control character).
    case search(String)
    case setExpanded(String, Bool)
    case chooseList(UUID)
    /// Show a smart view (Today, Upcoming, Overdue) instead of a list; ``chooseList(_:)``
    /// goes back to a list.
    case chooseView(SmartView)
    /// Create a list with this name and show it.
    case createList(String)
    case renameList(UUID, String)
    /// Ask whether to move a list, with its todos, to the trash (not the Inbox).
    case requestDeleteList(UUID)
    case confirmDeleteList
    case cancelDeleteList
    /// Move a list just before or just after another in the sidebar.
    case moveList(UUID, MovePosition)
    case chooseFilter(Filter)
    case chooseLayout(Layout)
    case sortByDeadline(Bool)
    /// Ask whether to move the list's done todos to the trash.
    case clearCompleted
    case confirmClear
    case cancelClear

    // MARK: Effects
    /// The observed lists and todos, first or after a commit.
    case loaded(Loaded)
    /// A list was created: show it.
    case listCreated(TodoList)
    /// These todos went to the trash: Undo restores them.
    case trashed([Todo])
    case failed(String)
    /// The store became unreachable (`false`) or reachable again (`true`).
    case storeReachable(Bool)
    case editor(TodoEditorAction)
  }

  /// The fields of the edit sheet when Save is pressed.
  public struct EditFields: Equatable, Sendable, Codable {
    /// The title as typed (the service trims and validates it).
    public var title: String
    /// The notes.
    public var notes: String
    /// The deadline: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, or empty for none.
    public var deadline: String
    /// The status.
    public var status: TodoStatus
    /// The section heading; empty for none.
    public var section: String

    /// Creates the fields.
    public init(
      title: String, notes: String = "", deadline: String = "", status: TodoStatus = .notStarted,
      section: String = ""
    ) {
      self.title = title
      self.notes = notes
      self.deadline = deadline
      self.status = status
      self.section = section
    }

    /// The free-text fields with their names, as the page's text checks take them.
    var texts: [(String, String)] { [("title", title), ("notes", notes), ("section", section)] }
  }

  /// A draft the page kept across a reload, waiting for its sheet to open.
  public struct DraftRestore: Equatable, Sendable {
    /// The todo's version the draft was typed over.
    public var version: Version
    /// The draft.
    public var fields: EditFields
  }

  /// What a load read.
  public struct Loaded: Equatable, Sendable {
    /// The live lists in user order.
    public var lists: [TodoList]
    /// The list shown (the Inbox if the chosen one is gone).
    public var listID: UUID
    /// Its live todos in user order.
    public var todos: [Todo]
    /// When the load happened.
    public var now: Date
    /// The store's change sequence the data reflects (0 when unknown).
    public var sequence: ChangeSequence
    /// How many open todos each list holds (a list with none is absent).
    public var openCounts: [UUID: Int]
    /// The open todos with a deadline of every list, by deadline then title.
    public var agenda: [Todo]

    /// Creates a load result.
    public init(
      lists: [TodoList], listID: UUID, todos: [Todo], now: Date, sequence: ChangeSequence = .zero,
      openCounts: [UUID: Int] = [:], agenda: [Todo] = []
    ) {
      self.lists = lists
      self.listID = listID
      self.todos = todos
      self.now = now
      self.sequence = sequence
      self.openCounts = openCounts
      self.agenda = agenda
    }
  }

  /// The todo store (``TodoClient``).
  @Dependency(\.todoClient) var todos
  /// The clock for "overdue".
  @Dependency(\.date) var date
  /// The calendar quick entry reads "tomorrow" and "friday" in (the server's time zone).
  @Dependency(\.calendar) var calendar
  let sessions: EditSessions

  /// Creates the feature. It reads and writes through the `todoClient` dependency and reads
  /// the time from the `date` dependency.
  ///
  /// - Parameter sessions: The open edit sessions (child contexts) of this page.
  public init(sessions: EditSessions = EditSessions()) {
    self.sessions = sessions
  }

  /// The page's reducer, with the edit sheet (``TodoEditor``) as a child while it is open.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in reduceEvent(into: &state, action: action) }
      .ifLet(\.editor, action: \.editor) { TodoEditor(sessions: sessions) }
  }
}
