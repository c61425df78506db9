import Composable
import Foundation

/// The todo store as the features (``LivePage``, ``TodoEditor``, the terminal UI) see it: the
/// reads, writes and observations they use, as a dependency.
///
/// Features read it with `@Dependency(\.todoClient)`; a server, a terminal or a test provides
/// it for a store with `withDependencies { $0.todoClient = .live(service) }`, and a test may
/// replace any endpoint with its own closure.
///
/// ```swift
/// let store = Store(initialState: LivePage.State()) {
///   LivePage()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// ```
public struct TodoClient: Sendable {
  /// The live lists and a list's live todos, now and after every commit that changes them
  /// (``TodoService/feed(list:)``).
  public var observeList: @Sendable (UUID) -> Feed<ListObservation>
  /// Creates a todo.
  public var createTodo: @Sendable (NewTodo) async throws -> Todo
  /// Changes a todo's fields (the expected version, if the caller read one).
  public var updateTodo: @Sendable (UUID, TodoPatch, Version?) async throws -> Todo
  /// Moves a todo in its list.
  public var moveTodo: @Sendable (UUID, MovePosition) async throws -> Todo
  /// Moves a todo to the trash.
  public var trashTodo: @Sendable (UUID) async throws -> Todo
  /// Moves every live todo of a list (with a status, if given) to the trash.
  public var trashTodos: @Sendable (UUID, TodoStatus?) async throws -> [Todo]
  /// Restores todos from the trash, all in one transaction.
  public var restoreTodos: @Sendable ([UUID]) async throws -> [Todo]
  /// Begins an edit session (a child context) on a todo.
  public var beginEdit: @Sendable (UUID) async throws -> TodoEditSession
  /// Whether the store can be reached, each time that changes
  /// (``TodoService/reachabilityFeed()``).
  public var reachabilityChanges: @Sendable () -> Feed<Bool>
  /// Creates a list (at the bottom of the sidebar).
  public var createList: @Sendable (String) async throws -> TodoList
  /// Renames a list.
  public var renameList: @Sendable (UUID, String) async throws -> TodoList
  /// Moves a list, with its todos, to the trash.
  public var trashList: @Sendable (UUID) async throws -> TodoList
  /// Moves a list before or after another in the sidebar's order.
  public var moveList: @Sendable (UUID, MovePosition) async throws -> TodoList
  /// Moves a repeating todo on to its next occurrence without completing this one.
  public var skipOccurrence: @Sendable (UUID) async throws -> Todo
  /// The completions of a repeating todo, the latest first.
  public var completions: @Sendable (UUID) async throws -> [TodoCompletion]
  /// The occurrences of a repeating todo that a calendar app changed on its own.
  public var changedOccurrences: @Sendable (UUID) async throws -> [ChangedOccurrence]
  /// The person's ringing reminders, now and after every commit that changes them.
  public var observeRinging: @Sendable () -> Feed<[RingingReminder]> = { .finished }
  /// The change sequence of the newest commit the store handed its observations: read after
  /// a write, an observed value at it shows the write (`PersistentContainer.publishedSequence`).
  public var publishedSequence: @Sendable () -> ChangeSequence = { .zero }
  /// Makes a todo a subtask of the sibling above it.
  public var indentTodo: @Sendable (UUID) async throws -> Todo = { _ in
    throw TodoClientError.noStore
  }
  /// Makes a subtask a sibling of its parent, just after it.
  public var outdentTodo: @Sendable (UUID) async throws -> Todo = { _ in
    throw TodoClientError.noStore
  }
  /// The person's reminders of a todo, the soonest first.
  public var reminders: @Sendable (UUID) async throws -> [Reminder] = { _ in
    throw TodoClientError.noStore
  }
  /// Sets a reminder on a todo.
  public var addReminder: @Sendable (UUID, ReminderTrigger) async throws -> Reminder = { _, _ in
    throw TodoClientError.noStore
  }
  /// Removes a reminder.
  public var removeReminder: @Sendable (UUID) async throws -> Void = { _ in
    throw TodoClientError.noStore
  }
  /// Snoozes a ringing reminder.
  public var snoozeReminder: @Sendable (UUID, ReminderSnooze) async throws -> Void = { _, _ in
    throw TodoClientError.noStore
  }
  /// Stops a reminder ringing.
  public var dismissReminder: @Sendable (UUID) async throws -> Void = { _ in
    throw TodoClientError.noStore
  }

  /// The person's saved filters with their counts, and the todos a query shows
  /// (``TodoService/viewsFeed(showing:timeZone:)``). Without a store it ends at once, with
  /// no value: a page without one shows no filters.
  public var observeViews: @Sendable (String?, TimeZone) -> Feed<ViewsObservation> = { _, _ in
    .finished
  }
  /// Saves a filter under a name (``TodoService/createSavedFilter(named:query:)``).
  public var createSavedFilter: @Sendable (String, String) async throws -> SavedFilter = {
    _, _ in throw TodoClientError.noStore
  }
  /// Renames a saved filter and changes its text (``TodoService/updateSavedFilter(id:name:query:)``).
  public var updateSavedFilter: @Sendable (UUID, String, String) async throws -> SavedFilter = {
    _, _, _ in throw TodoClientError.noStore
  }
  /// Deletes a saved filter.
  public var deleteSavedFilter: @Sendable (UUID) async throws -> Void = { _ in
    throw TodoClientError.noStore
  }

  /// The outline groups and parents the person collapsed (``TodoService/collapsedGroups()``).
  /// Without a store, none.
  public var collapsedGroups: @Sendable () async throws -> [String] = { [] }
  /// Renames (or merges) a tag and sets its colour (``TodoService/editTag(_:renamingTo:color:)``).
  public var editTag: @Sendable (String, String, TagColor?) async throws -> Void = { _, _, _ in
    throw TodoClientError.noStore
  }
  /// Remembers a group collapsed or expanded (``TodoService/setCollapsed(_:_:)``). Without a
  /// store, the page alone remembers it.
  public var setCollapsed: @Sendable (String, Bool) async throws -> Void = { _, _ in }

  /// Creates a client from its endpoints.
  public init(
    observeList: @escaping @Sendable (UUID) -> Feed<ListObservation>,
    createTodo: @escaping @Sendable (NewTodo) async throws -> Todo,
    updateTodo: @escaping @Sendable (UUID, TodoPatch, Version?) async throws -> Todo,
    moveTodo: @escaping @Sendable (UUID, MovePosition) async throws -> Todo,
    trashTodo: @escaping @Sendable (UUID) async throws -> Todo,
    trashTodos: @escaping @Sendable (UUID, TodoStatus?) async throws -> [Todo],
    restoreTodos: @escaping @Sendable ([UUID]) async throws -> [Todo],
    beginEdit: @escaping @Sendable (UUID) async throws -> TodoEditSession,
    reachabilityChanges: @escaping @Sendable () -> Feed<Bool> = { .finished },
    createList: @escaping @Sendable (String) async throws -> TodoList = { _ in
      throw TodoClientError.noStore
    },
    renameList: @escaping @Sendable (UUID, String) async throws -> TodoList = { _, _ in
      throw TodoClientError.noStore
    },
    trashList: @escaping @Sendable (UUID) async throws -> TodoList = { _ in
      throw TodoClientError.noStore
    },
    moveList: @escaping @Sendable (UUID, MovePosition) async throws -> TodoList = { _, _ in
      throw TodoClientError.noStore
    },
    skipOccurrence: @escaping @Sendable (UUID) async throws -> Todo = { _ in
      throw TodoClientError.noStore
    },
    completions: @escaping @Sendable (UUID) async throws -> [TodoCompletion] = { _ in
      throw TodoClientError.noStore
    },
    changedOccurrences: @escaping @Sendable (UUID) async throws -> [ChangedOccurrence] = { _ in
      throw TodoClientError.noStore
    }
  ) {
    self.observeList = observeList
    self.createTodo = createTodo
    self.updateTodo = updateTodo
    self.moveTodo = moveTodo
    self.trashTodo = trashTodo
    self.trashTodos = trashTodos
    self.restoreTodos = restoreTodos
    self.beginEdit = beginEdit
    self.reachabilityChanges = reachabilityChanges
    self.createList = createList
    self.renameList = renameList
    self.trashList = trashList
    self.moveList = moveList
    self.skipOccurrence = skipOccurrence
    self.completions = completions
    self.changedOccurrences = changedOccurrences
  }

  /// The client of a todo store.
  public static func live(_ service: TodoService) -> TodoClient {
    var client = TodoClient(
      observeList: { service.feed(list: $0) },
      createTodo: { try await service.createTodo($0) },
      updateTodo: { try await service.updateTodo(id: $0, $1, expectedVersion: $2) },
      moveTodo: { try await service.moveTodo(id: $0, to: $1) },
      trashTodo: { try await service.trashTodo(id: $0) },
      trashTodos: { try await service.trashTodos(inList: $0, status: $1) },
      restoreTodos: { try await service.restoreTodos(ids: $0) },
      beginEdit: { try await service.beginEdit(todoID: $0) },
      reachabilityChanges: { service.reachabilityFeed() },
      createList: { try await service.createList(named: $0) },
      renameList: { try await service.renameList(id: $0, to: $1) },
      trashList: { try await service.trashList(id: $0) },
      moveList: { try await service.moveList(id: $0, to: $1) },
      skipOccurrence: { try await service.skipOccurrence(id: $0) },
      completions: { try await service.completions(of: $0) },
      changedOccurrences: { try await service.changedOccurrences(of: $0) })
    client.publishedSequence = { service.container.publishedSequence }
    client.indentTodo = { try await service.indentTodo(id: $0) }
    client.outdentTodo = { try await service.outdentTodo(id: $0) }
    client.observeRinging = { service.ringingFeed() }
    client.reminders = { try await service.reminders(of: $0) }
    client.addReminder = { try await service.addReminder(to: $0, $1) }
    client.removeReminder = { try await service.removeReminder(id: $0) }
    client.snoozeReminder = { try await service.snoozeReminder(id: $0, $1) }
    client.dismissReminder = { try await service.dismissReminder(id: $0) }
    client.observeViews = { service.viewsFeed(showing: $0, timeZone: $1) }
    client.createSavedFilter = { try await service.createSavedFilter(named: $0, query: $1) }
    client.updateSavedFilter = {
      try await service.updateSavedFilter(id: $0, name: $1, query: $2)
    }
    client.deleteSavedFilter = { try await service.deleteSavedFilter(id: $0) }
    client.collapsedGroups = { try await service.collapsedGroups() }
    client.setCollapsed = { try await service.setCollapsed($0, $1) }
    client.editTag = { try await service.editTag($0, renamingTo: $1, color: $2) }
    return client
  }
}

extension TodoClient: DependencyKey {
  /// No store: every endpoint fails until one is provided with `.live(service)`.
  public static var liveValue: TodoClient { .unavailable }

  /// Tests provide the store they use; an endpoint they did not provide fails.
  public static var testValue: TodoClient { .unavailable }

  /// A client whose every endpoint fails with ``TodoClientError/noStore``.
  public static var unavailable: TodoClient {
    TodoClient(
      observeList: { _ in
        Feed { _, onEnd in
          onEnd(TodoClientError.noStore)
          return {}
        }
      },
      createTodo: { _ in throw TodoClientError.noStore },
      updateTodo: { _, _, _ in throw TodoClientError.noStore },
      moveTodo: { _, _ in throw TodoClientError.noStore },
      trashTodo: { _ in throw TodoClientError.noStore },
      trashTodos: { _, _ in throw TodoClientError.noStore },
      restoreTodos: { _ in throw TodoClientError.noStore },
      beginEdit: { _ in throw TodoClientError.noStore })
  }
}

/// Why a ``TodoClient`` endpoint failed.
public enum TodoClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No todo store was provided to the feature.
  case noStore

  public var description: String {
    "no todo store: provide one with withDependencies { $0.todoClient = .live(service) }"
  }
}

extension DependencyValues {
  /// The todo store the features read and write.
  public var todoClient: TodoClient {
    get { self[TodoClient.self] }
    set { self[TodoClient.self] = newValue }
  }
}
