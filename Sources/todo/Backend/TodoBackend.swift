import Foundation
import Persistence
import TodoCore

/// What the `todo` client needs from a todo store, so that every subcommand is written once
/// and works the same on the local database (``LocalBackend``) and over the JSON API
/// (``RemoteBackend``).
///
/// The operations mirror `TodoService`; errors are `TodoError` (local) or the `CLIError` an
/// HTTP problem translates to (remote), so a failure gives the same message and exit status
/// either way.
protocol TodoBackend: Sendable {
  /// The file that keeps the numbers of the last listing for this store.
  var numbersFile: URL { get }

  /// The live lists in the user's order.
  func lists() async throws -> [TodoList]
  /// Creates a list at the end.
  func createList(named name: String) async throws -> TodoList
  /// Renames a live list.
  func renameList(id: UUID, to name: String) async throws -> TodoList
  /// Moves a list with its todos to the trash.
  func trashList(id: UUID) async throws -> TodoList
  /// Brings a list back from the trash.
  func restoreList(id: UUID) async throws -> TodoList

  /// The live todo with this identifier.
  func todo(id: UUID) async throws -> TodoItem
  /// Creates a todo.
  func createTodo(_ draft: NewTodo) async throws -> TodoItem
  /// Changes a todo; `expectedVersion` makes a concurrent change a conflict.
  func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Version?) async throws -> TodoItem
  /// Moves a todo inside its list.
  func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Version?) async throws
    -> TodoItem
  /// Moves a todo to the trash.
  func trashTodo(id: UUID, expectedVersion: Version?) async throws -> TodoItem
  /// Moves a repeating todo on to its next occurrence without completing this one.
  func skipOccurrence(id: UUID, expectedVersion: Version?) async throws -> TodoItem
  /// Brings a todo back from the trash.
  func restoreTodo(id: UUID) async throws -> TodoItem

  /// The person's reminders of a todo, the soonest first.
  func reminders(of todoID: UUID) async throws -> [ReminderRow]
  /// Sets a reminder, as typed (`10 minutes before`, `2026-12-02 09:00`).
  func addReminder(to todoID: UUID, text: String) async throws -> ReminderRow
  /// Removes a reminder.
  func removeReminder(id: UUID) async throws

  /// Live todos of live lists matching a search, in list order then user order.
  func search(_ search: TodoSearch) async throws -> [TodoItem]
  /// Live todos of live lists that a filter shows (``TodoQuery``), in list order then user
  /// order.
  func todos(filter: String) async throws -> [TodoItem]
  /// The saved filters, in their order.
  func savedFilters() async throws -> [SavedFilter]
  /// Saves a filter under a name.
  func createSavedFilter(named name: String, query: String) async throws -> SavedFilter
  /// Renames a saved filter or changes what it shows.
  func updateSavedFilter(id: UUID, name: String?, query: String?) async throws -> SavedFilter
  /// Deletes a saved filter.
  func deleteSavedFilter(id: UUID) async throws
  /// The live todos a saved filter shows.
  func todos(savedFilter id: UUID) async throws -> [TodoItem]
  /// The tags across the lists that can be read, with their open counts and the colours the
  /// person gave them.
  func tags() async throws -> [(tag: TagCount, color: TagColor?)]
  /// Renames a tag on every todo of the lists that can be edited, and sets its colour
  /// (`.some(nil)` takes it away; `nil` leaves it); returns how many todos changed.
  func renameTag(_ name: String, to newName: String, color: TagColor??) async throws -> Int
  /// What is in the trash.
  func trash() async throws -> TrashContents
  /// Deletes the trash for good.
  func emptyTrash() async throws -> (lists: Int, todos: Int)
  /// Deletes one todo of the trash for good.
  func deleteTrashedTodo(id: UUID) async throws

  /// Everything, as one document.
  func export() async throws -> ExportDocument
  /// Imports a JSON export document (validated whole, written in one transaction).
  func importDocument(_ data: Data) async throws -> (lists: Int, todos: Int)

  /// The live todos of a list (or of every list) as an iCalendar file.
  func exportCalendar(list listID: UUID?) async throws -> String
  /// Imports the `VTODO`s of an iCalendar file into a list (the Inbox by default).
  func importCalendar(_ text: String, into listID: UUID?) async throws -> CalendarImport

  /// Imports a Todoist CSV export into a list (the Inbox by default).
  func importTodoist(_ text: String, into listID: UUID?) async throws -> CalendarImport

  /// Who can use a list: its owner, then those it is shared with.
  func members(ofList listID: UUID) async throws -> [ListMember]
  /// Shares a list with a user (or changes their role).
  func share(list listID: UUID, with user: String, as role: ShareRole) async throws -> ListMember
  /// Stops sharing a list with a user (or leaves it); returns how many of its todos were
  /// assigned to them and are now assigned to nobody.
  func unshare(list listID: UUID, from user: String) async throws -> Int

  /// Releases the store (closes the database).
  func close() async
}

extension TodoBackend {
  /// The live list with this name, ignoring case and surrounding spaces.
  ///
  /// - Throws: `TodoError.invalidText` for a name with a control character, `CLIError.notFound`
  ///   naming the lists that exist.
  func savedFilter(named name: String) async throws -> SavedFilter {
    let filters = try await savedFilters()
    guard let found = filters.first(where: { $0.name.lowercased() == name.lowercased() }) else {
      let names = filters.map(\.name).joined(separator: ", ")
      throw CLIError.notFound(
        "no filter named \(name)" + (names.isEmpty ? "" : " (the filters: \(names))"))
    }
    return found
  }

  func list(named name: String) async throws -> TodoList {
    let wanted = try TodoValidation.query(name, field: "list").lowercased()
    let lists = try await lists()
    guard let list = lists.first(where: { $0.name.lowercased() == wanted }) else {
      let names = lists.map(\.name).joined(separator: ", ")
      throw CLIError.notFound("no list named \"\(name)\" (lists: \(names))")
    }
    return list
  }
}
