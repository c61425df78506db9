import Composable
import Foundation

/// The live web page as a feature: one store per open page on the server (and one per
/// `todo tui` on a database).
///
/// The page is composed of features, each with its own state, actions and tests: the
/// sidebar (``PageSidebar``), the list of todos (``PageList``), the search field
/// (``PageSearch``), the trash and its questions (``PageTrash``) and the edit sheet
/// (``PageEditor``). The page holds what they share, the data (``PageData``) and the last
/// problem, and passes it down to each (``PageScoped``). It does itself what concerns them
/// all: it observes the data (``TodoService/observe(list:)``), which arrives as
/// ``Action/loaded(_:)`` after every commit that changes it, whoever made it; it shows the
/// list or view the sidebar asks for; an event of the person clears the last problem. Its
/// ``PageSnapshot`` is a pure function of the state.
///
/// ```swift
/// let store = Store(initialState: LivePage.State()) {
///   LivePage()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// store.send(.onAppear)
/// store.send(.list(.add("Buy milk")))
/// ```
public struct LivePage: Reducer {
  /// The page's data, its problem, and each feature's own state.
  public struct State: Equatable, Sendable {
    /// The data every feature reads.
    public var data: PageData
    /// The last error, shown until the next event.
    public var problem: String?
    /// Whether the server cannot reach its database: writes fail until it is back, and the
    /// page says so.
    public var storeUnreachable = false
    /// The sidebar's own state (it has none beside the page's data).
    public var sidebar = PageSidebar.Local()
    /// The list's own state: how it is shown, the new-todo field's deadline.
    public var list = PageList.Local()
    /// The search text.
    public var search = PageSearch.Local()
    /// The questions waiting for an answer, and what Undo restores.
    public var trash = PageTrash.Local()
    /// The open edit sheet.
    public var editor = PageEditor.Local()
    /// The reminders that ring.
    public var reminders = PageReminders.Local()
    /// The events that came before the first load, and those that came after them while
    /// they are run one by one once it ends (``PageLoadGate``).
    var heldEvents: [Action] = []
    /// Whether the held events are being run.
    var releasingHeld = false
    /// The highest number of the client's numbered events (``Action/numbered(_:_:)``) that is
    /// done, with every number before it, and shown by the page's data
    /// (``PageAcknowledgement``); 0 before the first.
    public var acknowledged = 0
    /// Numbered events whose effects have finished, waiting for the data to reach the
    /// sequence their write reached.
    var settling: [Int: ChangeSequence] = [:]
    /// Numbered events done after a gap: acknowledged when the numbers before them are.
    var done: Set<Int> = []

    /// Creates the state of a page that has not loaded yet.
    ///
    /// - Parameter signedIn: Who is signed in, on a server with accounts; the page opens
    ///   their Inbox.
    public init(signedIn: Principal? = nil) {
      data = PageData(signedIn: signedIn)
    }
  }

  /// The page's own events, its features' actions, and the results of its effects.
  @CasePathable
  public enum Action: Equatable, Sendable {
    /// The page connected: load everything.
    case onAppear
    /// The page closed: stop observing its data (the observation never ends by itself).
    case onDisappear
    /// The browser's time zone (an IANA identifier, `Europe/Paris`): quick entry and
    /// "overdue" read dates in it. An identifier the server does not know is refused. Once
    /// loaded, it also reads the clock again: the page sends it at its midnight, so the day
    /// the smart views and "overdue" are measured against follows the date.
    case setTimeZone(String)
    /// The sidebar: lists and smart views.
    case sidebar(PageSidebar.Action)
    /// The list of todos.
    case list(PageList.Action)
    /// The search field.
    case search(PageSearch.Action)
    /// Deleting, clearing and Undo.
    case trash(PageTrash.Action)
    /// The edit sheet.
    case editor(PageEditor.Action)
    /// The ringing reminders' notices.
    case reminders(PageReminders.Action)
    /// The observed lists and todos, first or after a commit.
    case loaded(Loaded)
    /// The observed saved filters, their counts and the chosen query's todos, first or after
    /// a commit.
    case viewsLoaded(ViewsObservation)
    /// The observation failed.
    case failed(String)
    /// The store became unreachable (`false`) or reachable again (`true`).
    case storeReachable(Bool)
    /// Runs the next of the events held before the first load (``PageLoadGate``).
    case releaseHeld
    /// An event the client numbered: the page acknowledges the number once the event is done
    /// and its data shows it (``PageAcknowledgement``). A client numbers the events whose
    /// outcome it predicts, 1, 2, 3… on each connection.
    indirect case numbered(Int, Action)
    /// A numbered event's effects finished; the store had reached this sequence.
    case settled(Int, ChangeSequence)
    /// A settled event's data did not arrive in time: it is acknowledged all the same.
    case settleTimedOut(Int)
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
    public var sequence: ChangeSequence = .zero
    /// How many open todos each list holds (a list with none is absent).
    public var openCounts: [UUID: Int] = [:]
    /// The open todos with a deadline of every list, by deadline then title.
    public var agenda: [Todo] = []
    /// The tags of the open todos of every list, with their counts.
    public var tagCounts: [TagCount] = []
    /// The members of every list, on a server with accounts.
    public var members: [UUID: [ListMember]] = [:]
    /// The titles of the subtasks' parents, by identifier.
    public var parentTitles: [UUID: String] = [:]
  }

  /// The todo store (``TodoClient``).
  @Dependency(\.todoClient) var todos
  /// The clock for "overdue".
  @Dependency(\.date) var date
  let sessions: EditSessions

  /// Creates the feature. It reads and writes through the `todoClient` dependency and reads
  /// the time from the `date` dependency.
  ///
  /// - Parameter sessions: The open edit sessions (child contexts) of this page.
  public init(sessions: EditSessions = EditSessions()) {
    self.sessions = sessions
  }

  /// The page's features, each scoped to its part of the state, then the page's own logic.
  /// The scopes name their actions by generated case paths: a server runs this for every
  /// change at every open page.
  public var body: some Reducer<State, Action> {
    PageLoadGate {
      PageAcknowledgement {
        Reduce { state, action in
          // Something the person did: the last problem has been read.
          if action.isEvent { state.problem = nil }
          return .none
        }
        Scope(state: \.[scope: \.sidebar], action: Action.allCasePaths.sidebar) { PageSidebar() }
        Scope(state: \.[scope: \.list], action: Action.allCasePaths.list) { PageList() }
        Scope(state: \.[scope: \.search], action: Action.allCasePaths.search) { PageSearch() }
        Scope(state: \.[scope: \.trash], action: Action.allCasePaths.trash) { PageTrash() }
        Scope(state: \.[scope: \.reminders], action: Action.allCasePaths.reminders) {
          PageReminders()
        }
        Scope(state: \.[scope: \.editor], action: Action.allCasePaths.editor) {
          PageEditor(sessions: sessions)
        }
        Reduce { state, action in reducePage(into: &state, action: action) }
      }
    }
  }
}
