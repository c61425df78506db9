import Composable
import Foundation

/// The live page's list of todos as a feature: the rows' actions (toggle, status, move), the
/// new-todo field with its deadline chip (``QuickEntry``), and how the list is shown (filter,
/// layout, order, outline groups).
///
/// It reads the page's data (``PageData``): the shown list's todos, or the chosen smart
/// view's. Writes go through ``TodoClient``; their results come back through the page's
/// observation.
///
/// ```swift
/// let store = TestStore(initialState: PageList.State(data: data, PageList.Local())) {
///   PageList()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// await store.send(.toggle(milk.id))
/// ```
public struct PageList: Reducer {
  /// Which todos the list shows.
  public enum Filter: String, Codable, Sendable, CaseIterable { case all, active, completed }
  /// How the list is grouped.
  public enum Layout: String, Codable, Sendable, CaseIterable { case plain, outline, sectioned }
  /// The most rows a page asks to hold (``Local/rows``): more than any list a person keeps.
  public static let maximumRows = 1_000_000

  /// What the list keeps of its own: how it is shown, and the new-todo field's deadline.
  public struct Local: Equatable, Sendable {
    /// Which todos the list shows.
    public var filter = Filter.all
    /// How the list is grouped.
    public var layout = Layout.plain
    /// Whether the list is in deadline order instead of user order.
    public var sortByDeadline = false
    /// Whether the list is in priority order (P1 first, none last) instead of user order;
    /// with ``sortByDeadline`` too, by priority, then by deadline.
    public var sortByPriority = false
    /// Outline groups (`group:undone`, `group:done`) and parents (by identifier) the person
    /// collapsed.
    public var collapsed: Set<String> = []
    /// The parent marked done whose open subtasks wait for the person's answer: complete
    /// them all too, or keep them open.
    public var confirmComplete: UUID?
    /// What the new-todo field reads as, while it names a deadline (shown as a chip).
    public var newEntry: QuickEntry?
    /// Whether the person removed the chip: the text is added as typed.
    public var quickDismissed = false
    /// How many rows at the top of the list the page holds (``showRows(_:)``); `nil` for all
    /// of them. A page on a long list is sent the rows it can scroll to soon and the number
    /// of the others, and a change below its rows reaches it as that number alone.
    public var rows: Int?

    /// Creates the list's state: all todos, plain, in user order.
    public init() {}
  }

  /// The list's state: its own, and the page's data.
  public typealias State = PageScoped<Local>

  /// The list's events, and the results of its effects.
  @CasePathable
  public enum Action: Equatable, Sendable, PageFeatureAction {
    /// Add a todo with this text (trimmed; empty text is ignored; text with a control
    /// character is refused with the page's problem). A deadline the text names
    /// (``QuickEntry``) becomes the todo's, unless its chip was removed.
    case add(String)
    /// Add a todo as ``add(_:)`` does, with the identifier the client chose: a page that shows
    /// the new row before the server answers names it, and sending it again after a dropped
    /// connection adds it once.
    case create(UUID, String)
    /// The new-todo field's text changed: read it for a deadline.
    case typeNew(String)
    /// Remove the deadline chip: the text is added as typed.
    case dismissQuickDeadline
    case toggle(UUID)
    case setStatus(UUID, TodoStatus)
    /// Move a todo just before or just after another.
    case move(UUID, MovePosition)
    /// Make a todo a subtask of the one above it at its level (Tab).
    case indent(UUID)
    /// Make a subtask a sibling of its parent (Shift-Tab).
    case outdent(UUID)
    /// Make the first todo a subtask of the second, at the end of its subtasks (a drop onto
    /// a row).
    case nest(UUID, UUID)
    /// The answer to "complete its subtasks too?": `true` completes them all with it, `false`
    /// keeps them open.
    case completeSubtasks(Bool)
    /// The question is closed without completing anything.
    case cancelComplete
    /// Collapse or expand an outline group (`group:undone`, `group:done`) or a parent (by
    /// identifier); the person's choice is remembered for their other pages
    /// (``TodoService/setCollapsed(_:_:)``). Anything else is ignored.
    case setExpanded(String, Bool)
    /// The groups the person collapsed, as remembered when the page opened.
    case outlineLoaded([String])
    case chooseFilter(Filter)
    case chooseLayout(Layout)
    case sortByDeadline(Bool)
    case sortByPriority(Bool)
    /// Hold only the list's first `rows` rows (at least one): the page scrolled further, or
    /// wants fewer.
    case showRows(Int)
    case failed(String)

    /// Whether the action is something the person did (not the result of an effect).
    var isEvent: Bool {
      switch self {
      case .add, .create, .typeNew, .dismissQuickDeadline, .toggle, .setStatus, .move, .indent,
        .outdent,
        .nest,
        .completeSubtasks, .cancelComplete, .setExpanded, .chooseFilter, .chooseLayout,
        .sortByDeadline, .sortByPriority, .showRows:
        true
      case .failed, .outlineLoaded: false
      }
    }
  }

  /// The todo store (``TodoClient``).
  @Dependency(\.todoClient) var todos
  /// The clock quick entry reads "tomorrow" from.
  @Dependency(\.date) var date
  /// The calendar quick entry reads "tomorrow" and "friday" in (the server's time zone).
  @Dependency(\.calendar) var calendar

  /// Creates the feature. It writes through the `todoClient` dependency and reads the time
  /// from the `date` and `calendar` dependencies.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let text):
      return add(text, &state)

    case .create(let id, let text):
      return add(text, id: id, &state)

    case .typeNew(let text):
      let entry = quickEntry(text, state.data)
      if entry.phrase != state.newEntry?.phrase { state.quickDismissed = false }
      let reads = entry.deadline != nil || entry.priority != nil || !entry.tags.isEmpty
      state.newEntry = reads ? entry : nil
      return .none

    case .dismissQuickDeadline:
      guard state.newEntry?.deadline != nil else { return .none }
      state.quickDismissed = true
      return .none

    case .toggle(let id):
      guard let todo = state.found(state.data.shownTodo(id)) else { return .none }
      return setStatus(todo, todo.status == .done ? .notStarted : .done, &state)

    case .setStatus(let id, let status):
      guard let todo = state.found(state.data.shownTodo(id)) else { return .none }
      return setStatus(todo, status, &state)

    case .completeSubtasks(let all):
      guard let id = state.confirmComplete else { return .none }
      state.confirmComplete = nil
      return todos.write { todos, _ in
        _ = try await todos.updateTodo(
          id, TodoPatch(status: .done, completingSubtasks: all), nil)
      }

    case .cancelComplete:
      state.confirmComplete = nil
      return .none

    case .nest(let id, _), .indent(let id), .outdent(let id):
      if let name = state.data.acrossListsName {
        state.problem = "\(name) shows todos from every list; nest them in their list."
        return .none
      }
      guard state.found(state.data.todos.contains(where: { $0.id == id })) else { return .none }
      return todos.write { todos, _ in
        switch action {
        case .nest(_, let parent):
          _ = try await todos.updateTodo(id, TodoPatch(parentID: .some(parent)), nil)
        case .indent: _ = try await todos.indentTodo(id)
        default: _ = try await todos.outdentTodo(id)
        }
      }

    case .move(let id, let position):
      if let view = state.data.view {
        // A smart view is in deadline order: there is no order of the person's to change.
        state.problem = "\(view.name) is in deadline order; reorder todos in their list."
        return .none
      }
      if let name = state.data.acrossListsName {
        state.problem = "\(name) shows todos from every list; reorder them in their list."
        return .none
      }
      guard state.found(state.data.todos.contains(where: { $0.id == id })) else { return .none }
      return todos.write { todos, _ in _ = try await todos.moveTodo(id, position) }

    case .setExpanded(let group, let expanded):
      guard OutlineState.isGroup(group) else { return .none }
      if expanded { state.collapsed.remove(group) } else { state.collapsed.insert(group) }
      return todos.write { todos, _ in try await todos.setCollapsed(group, !expanded) }

    case .outlineLoaded(let groups):
      state.collapsed = Set(groups)
      return .none

    case .chooseFilter(let filter):
      state.filter = filter
      return .none

    case .chooseLayout(let layout):
      state.layout = layout
      return .none

    case .sortByDeadline(let on):
      state.sortByDeadline = on
      return .none

    case .sortByPriority(let on):
      state.sortByPriority = on
      return .none

    case .showRows(let rows):
      state.rows = max(1, rows)
      return .none

    case .failed(let message):
      state.problem = message
      return .none
    }
  }

  /// Sets a todo's status; marking done a parent with open subtasks asks first whether they
  /// are done too (``Local/confirmComplete``).
  private func setStatus(_ todo: Todo, _ status: TodoStatus, _ state: inout State)
    -> Effect<Action>
  {
    if status == .done, todo.status != .done,
      TodoOutline.subtree(of: todo.id, in: state.data.shownTodos).contains(where: {
        $0.status != .done
      })
    {
      state.confirmComplete = todo.id
      return .none
    }
    return todos.write { todos, _ in
      _ = try await todos.updateTodo(todo.id, TodoPatch(status: status), nil)
    }
  }

  /// Adds the todo the new-todo field's `text` says. In a smart view it goes to the Inbox,
  /// due on the view's day unless the text names another; in a saved filter's or a tag's view
  /// to the Inbox too, with the tag.
  private func add(_ text: String, id: UUID? = nil, _ state: inout State) -> Effect<Action> {
    guard !state.refuses([("title", text)]),
      !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else { return .none }
    let entry = quickEntry(text, state.data)
    let dismissed = state.quickDismissed && entry.phrase == state.newEntry?.phrase
    let data = state.data
    let listID = data.view == nil && data.query == nil ? data.listID : data.inboxID
    // After the person removed the date chip, the date's words stay in the title.
    let read =
      dismissed
      ? QuickEntry(parsing: text, now: date.now, calendar: calendar(data), readingDates: false)
      : entry
    let deadline = read.deadline ?? data.view.flatMap { smartDeadline(for: $0, in: data) }
    // Added in Someday, it is put aside there (unless its text names a date).
    let draft = NewTodo(
      title: read.title, listID: listID, deadline: deadline, recurrence: read.recurrence,
      someday: read.deadline == nil && data.view == .someday, priority: read.priority,
      // Added in a tag's view, it carries the tag.
      tags: data.query?.tag.map { tag in
        read.tags.contains { $0.lowercased() == tag.lowercased() } ? read.tags : read.tags + [tag]
      } ?? read.tags, id: id)
    state.newEntry = nil
    state.quickDismissed = false
    return todos.write { todos, _ in _ = try await todos.createTodo(draft) }
  }

  /// What the new-todo field's `text` says: a title, a deadline and a repeat.
  private func quickEntry(_ text: String, _ data: PageData) -> QuickEntry {
    QuickEntry(parsing: text, now: date.now, calendar: calendar(data))
  }

  /// The calendar dates are read in: the browser's time zone once the page said it, the
  /// server's until then.
  private func calendar(_ data: PageData) -> Calendar {
    var calendar = self.calendar
    if let zone = data.timeZone { calendar.timeZone = zone }
    return calendar
  }

  /// The deadline a todo added in a smart view gets: today in Today and Overdue, tomorrow
  /// in Upcoming (its first day), read in the browser's time zone; none in Someday.
  private func smartDeadline(for view: SmartView, in data: PageData) -> Deadline? {
    guard view != .someday else { return nil }
    let day = AgendaDay(now: date.now, calendar: calendar(data))
    let parts = view == .upcoming ? day.upcoming[0] : day.today
    return try? Deadline(year: parts[0], month: parts[1], day: parts[2])
  }
}
