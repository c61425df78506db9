import Foundation
import Persistence
import TodoCore

/// The local database, through `TodoService`: the default backend of the `todo` client.
struct LocalBackend: TodoBackend {
  /// The open service.
  let service: TodoService
  /// Where the numbers of the last listing are kept (`DatabasePath.numbersFile`): next to a
  /// database file, `todo.sqlite.numbers.json`.
  let numbersFile: URL

  func lists() async throws -> [TodoList] { try await service.lists() }

  func createList(named name: String) async throws -> TodoList {
    try await service.createList(named: name)
  }

  func renameList(id: UUID, to name: String) async throws -> TodoList {
    try await service.renameList(id: id, to: name)
  }

  func trashList(id: UUID) async throws -> TodoList { try await service.trashList(id: id) }

  func restoreList(id: UUID) async throws -> TodoList { try await service.restoreList(id: id) }

  func todo(id: UUID) async throws -> TodoItem { try await service.todo(id: id) }

  func createTodo(_ draft: NewTodo) async throws -> TodoItem {
    try await service.createTodo(draft)
  }

  func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Version?) async throws -> TodoItem
  {
    try await service.updateTodo(id: id, patch, expectedVersion: expectedVersion)
  }

  func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Version?) async throws
    -> TodoItem
  {
    try await service.moveTodo(id: id, to: position, expectedVersion: expectedVersion)
  }

  func trashTodo(id: UUID, expectedVersion: Version?) async throws -> TodoItem {
    try await service.trashTodo(id: id, expectedVersion: expectedVersion)
  }

  func reminders(of todoID: UUID) async throws -> [ReminderRow] {
    try await service.reminders(of: todoID).map { ReminderRow($0, label: service.label(of: $0)) }
  }

  func addReminder(to todoID: UUID, text: String) async throws -> ReminderRow {
    let trigger = try ReminderTrigger(reading: text, in: service.timeZone)
    let reminder = try await service.addReminder(to: todoID, trigger)
    return ReminderRow(reminder, label: service.label(of: reminder))
  }

  func removeReminder(id: UUID) async throws { try await service.removeReminder(id: id) }

  func skipOccurrence(id: UUID, expectedVersion: Version?) async throws -> TodoItem {
    try await service.skipOccurrence(id: id, expectedVersion: expectedVersion)
  }

  func restoreTodo(id: UUID) async throws -> TodoItem { try await service.restoreTodo(id: id) }

  func search(_ search: TodoSearch) async throws -> [TodoItem] {
    try await service.search(search)
  }

  func todos(filter: String) async throws -> [TodoItem] {
    try await service.todos(filter: filter)
  }

  func tags() async throws -> [(tag: TagCount, color: TagColor?)] {
    let colors = try await service.tagColors()
    return try await service.tags().map { ($0, colors[$0.name.lowercased()]) }
  }

  func savedFilters() async throws -> [SavedFilter] { try await service.savedFilters() }

  func createSavedFilter(named name: String, query: String) async throws -> SavedFilter {
    try await service.createSavedFilter(named: name, query: query)
  }

  func updateSavedFilter(id: UUID, name: String?, query: String?) async throws -> SavedFilter {
    try await service.updateSavedFilter(id: id, name: name, query: query)
  }

  func deleteSavedFilter(id: UUID) async throws { try await service.deleteSavedFilter(id: id) }

  func todos(savedFilter id: UUID) async throws -> [TodoItem] {
    try await service.todos(savedFilter: id)
  }

  func renameTag(_ name: String, to newName: String, color: TagColor??) async throws -> Int {
    guard let color else { return try await service.renameTag(name, to: newName) }
    return try await service.editTag(name, renamingTo: newName, color: color)
  }

  func trash() async throws -> TrashContents { try await service.trash() }

  func emptyTrash() async throws -> (lists: Int, todos: Int) { try await service.emptyTrash() }

  func deleteTrashedTodo(id: UUID) async throws { try await service.deleteTrashedTodo(id: id) }

  func export() async throws -> ExportDocument { try await service.export() }

  func importDocument(_ data: Data) async throws -> (lists: Int, todos: Int) {
    try await service.importJSON(data)
  }

  func exportCalendar(list listID: UUID?) async throws -> String {
    try await service.exportCalendar(list: listID)
  }

  func importCalendar(_ text: String, into listID: UUID?) async throws -> CalendarImport {
    try await service.importCalendar(text, into: listID)
  }

  func importTodoist(_ text: String, into listID: UUID?) async throws -> CalendarImport {
    try await service.importTodoist(text, into: listID, calendar: .autoupdatingCurrent)
  }

  func members(ofList listID: UUID) async throws -> [ListMember] {
    try await service.members(ofList: listID)
  }

  func share(list listID: UUID, with user: String, as role: ShareRole) async throws
    -> ListMember
  {
    try await service.share(list: listID, with: user, as: role)
  }

  func unshare(list listID: UUID, from user: String) async throws -> Int {
    guard let account = try await service.account(named: user) else {
      throw CLIError.notFound("no user \(user)")
    }
    return try await service.unshare(list: listID, from: account.id)
  }

  func close() async {
    try? service.close()
  }
}
