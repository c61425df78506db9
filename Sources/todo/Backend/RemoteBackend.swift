import Foundation
import OpenAPIRuntime
import Persistence
import TodoCore
import TodoServer

/// A `todo serve` server, through its JSON API under `/api/v1`: the backend of the `todo`
/// client with `--server URL` or `$TODO_SERVER`.
///
/// Requests and responses are the code generated from the server's OpenAPI document
/// (`openapi.json`, a link to `Sources/TodoServer/Resources/openapi.json`): a `Client` over
/// AsyncHTTPClient. Problems the server answers (RFC 9457 bodies) become `CLIError`s with the
/// server's message and the exit status of their HTTP status (``ProblemResponseMiddleware``),
/// so output and exit codes match the local backend.
struct RemoteBackend: TodoBackend {
  /// The server's root URL, as given (`http://127.0.0.1:8080`).
  let baseURL: URL
  /// `$XDG_STATE_HOME/todo/numbers-<server>.json`: the last listing's numbers for this server.
  let numbersFile: URL
  /// The generated client of the server's API.
  let client: Client

  /// A backend for the server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The server's root URL.
  ///   - environment: The process environment, which says where state files go
  ///     (`$XDG_STATE_HOME/todo`, else `~/.local/state/todo`).
  init(baseURL: URL, environment: [String: String]) {
    self.init(
      baseURL: baseURL, token: StoredLogins.token(for: baseURL, environment: environment),
      environment: environment)
  }

  /// A backend for the server at `baseURL` that sends `token`, if any.
  init(
    baseURL: URL, token: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.baseURL = baseURL
    self.numbersFile = XDGDirectory.state.todoFolder(in: environment)
      .appendingPathComponent("numbers-\(Self.fileName(for: baseURL)).json")
    self.client = Self.makeClient(root: baseURL, token: token)
  }

  /// The signed-in user's Inbox; `nil` on a server without accounts, whose Inbox is the
  /// installation's.
  func inboxID() async throws -> UUID? {
    do {
      let session = try await call { try await $0.getSession().ok.body.json }
      return UUID(uuidString: session.inboxID)
    } catch let error as CLIError where error.status == .notFound {
      return nil
    }
  }

  /// Creates an API token for the signed-in user.
  func createToken(named name: String, scope: TokenScope) async throws
    -> Components.Schemas.CreatedToken
  {
    try await call {
      try await $0.createToken(body: .json(.init(name: name, scope: scope))).created.body.json
    }
  }

  /// The name of the signed-in user.
  func accountName() async throws -> String {
    try await call { try await $0.getSession().ok.body.json.account.name }
  }

  // MARK: - Lists

  func lists() async throws -> [TodoList] {
    try await call { try await $0.listLists().ok.body.json }
  }

  func createList(named name: String) async throws -> TodoList {
    try await call { try await $0.createList(body: .json(.init(name: name))).created.body.json }
  }

  func renameList(id: UUID, to name: String) async throws -> TodoList {
    try await call {
      try await $0.renameList(path: .init(listID: id.uuidString), body: .json(.init(name: name)))
        .ok.body.json
    }
  }

  func trashList(id: UUID) async throws -> TodoList {
    try await call { try await $0.trashList(path: .init(listID: id.uuidString)).ok.body.json }
  }

  func restoreList(id: UUID) async throws -> TodoList {
    try await call { try await $0.restoreList(path: .init(listID: id.uuidString)).ok.body.json }
  }

  // MARK: - Todos

  func todo(id: UUID) async throws -> TodoItem {
    try await call { try await $0.getTodo(path: .init(todoID: id.uuidString)).ok.body.json }
  }

  func createTodo(_ draft: NewTodo) async throws -> TodoItem {
    var listID = TodoList.inboxID
    if let given = draft.listID {
      listID = given
    } else if let inbox = try await inboxID() {
      listID = inbox
    }
    return try await call {
      try await $0.createTodo(
        path: .init(listID: listID.uuidString), body: .json(NewTodoBody(draft))
      ).created.body.json
    }
  }

  func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Version?) async throws -> TodoItem
  {
    try await call {
      try await $0.updateTodo(
        path: .init(todoID: id.uuidString),
        body: .json(TodoPatchBody(patch: patch, version: expectedVersion))
      ).ok.body.json
    }
  }

  func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Version?) async throws
    -> TodoItem
  {
    try await call {
      try await $0.moveTodo(
        path: .init(todoID: id.uuidString),
        body: .json(MoveBody(position, version: expectedVersion))
      ).ok.body.json
    }
  }

  func trashTodo(id: UUID, expectedVersion: Version?) async throws -> TodoItem {
    try await call {
      try await $0.trashTodo(
        path: .init(todoID: id.uuidString),
        headers: .init(ifMatch: Self.ifMatch(expectedVersion))
      ).ok.body.json
    }
  }

  func skipOccurrence(id: UUID, expectedVersion: Version?) async throws -> TodoItem {
    try await call {
      try await $0.skipOccurrence(
        path: .init(todoID: id.uuidString),
        headers: .init(ifMatch: Self.ifMatch(expectedVersion))
      ).ok.body.json
    }
  }

  /// The `If-Match` header of a change that must find the todo at `version`: the version as
  /// the todo's ETag, quoted.
  private static func ifMatch(_ version: Version?) -> String? {
    version.map { "\"\($0)\"" }
  }

  func reminders(of todoID: UUID) async throws -> [ReminderRow] {
    try await call {
      try await $0.listReminders(path: .init(todoID: todoID.uuidString)).ok.body.json
    }.map(ReminderRow.init)
  }

  func addReminder(to todoID: UUID, text: String) async throws -> ReminderRow {
    ReminderRow(
      try await call {
        try await $0.addReminder(
          path: .init(todoID: todoID.uuidString), body: .json(.init(text: text))
        ).created.body.json
      })
  }

  func removeReminder(id: UUID) async throws {
    _ = try await call {
      try await $0.removeReminder(path: .init(reminderID: id.uuidString)).noContent
    }
  }

  func restoreTodo(id: UUID) async throws -> TodoItem {
    try await call { try await $0.restoreTodo(path: .init(todoID: id.uuidString)).ok.body.json }
  }

  // MARK: - Search, trash, transfer

  func search(_ search: TodoSearch) async throws -> [TodoItem] {
    let query = Operations.SearchTodos.Input.Query(
      q: search.text,
      status: search.statuses.isEmpty
        ? nil : search.statuses.map(\.rawValue).sorted().joined(separator: ","),
      from: search.deadlineFrom?.rawValue, to: search.deadlineTo?.rawValue,
      list: search.listID.map { .init(value2: $0.uuidString) })
    return try await call { try await $0.searchTodos(query: query).ok.body.json }
  }

  func todos(filter: String) async throws -> [TodoItem] {
    try await call { try await $0.filterTodos(query: .init(filter: filter)).ok.body.json }
  }

  func tags() async throws -> [(tag: TagCount, color: TagColor?)] {
    try await call { try await $0.listTags().ok.body.json }.map {
      (TagCount(name: $0.name, open: $0.open), $0.color.flatMap { TagColor(rawValue: $0.rawValue) })
    }
  }

  func renameTag(_ name: String, to newName: String, color: TagColor??) async throws -> Int {
    // `none` takes the colour away; absent leaves it.
    let payload = color.flatMap {
      Components.Schemas.TagRename.ColorPayload(rawValue: $0?.rawValue ?? "none")
    }
    return try await call {
      try await $0.renameTag(
        path: .init(tag: name), body: .json(.init(name: newName, color: payload))
      ).ok.body.json
    }.changed
  }

  func trash() async throws -> TrashContents {
    try await call { try await $0.getTrash().ok.body.json }
  }

  func emptyTrash() async throws -> (lists: Int, todos: Int) {
    let counts = try await call { try await $0.emptyTrash().ok.body.json }
    return (counts.lists, counts.todos)
  }

  func deleteTrashedTodo(id: UUID) async throws {
    _ = try await call {
      try await $0.deleteTrashedTodo(path: .init(todoID: id.uuidString)).noContent
    }
  }

  func export() async throws -> ExportDocument {
    try await call { try await $0.exportAll().ok.body.json }
  }

  /// Reads the document here (as the local backend does), then sends it.
  func importDocument(_ data: Data) async throws -> (lists: Int, todos: Int) {
    let document = try ExportDocument.decode(data)
    let counts = try await call { try await $0.importAll(body: .json(document)).ok.body.json }
    return (counts.lists, counts.todos)
  }

  func close() async {}

  // MARK: - iCalendar

  func exportCalendar(list listID: UUID?) async throws -> String {
    try await call {
      let body = try await $0.exportCalendar(query: .init(list: listID?.uuidString)).ok.body
        .textCalendar
      return try await String(collecting: body, upTo: 256 * 1_048_576)
    }
  }

  func importCalendar(_ text: String, into listID: UUID?) async throws -> CalendarImport {
    try await call {
      try await $0.importCalendar(
        query: .init(list: listID?.uuidString), body: .textCalendar(HTTPBody(text))
      ).ok.body.json
    }
  }

  func importTodoist(_ text: String, into listID: UUID?) async throws -> CalendarImport {
    try await call {
      try await $0.importTodoist(
        query: .init(list: listID?.uuidString), body: .csv(HTTPBody(text))
      ).ok.body.json
    }
  }

  // MARK: - Sharing

  func members(ofList listID: UUID) async throws -> [ListMember] {
    try await call {
      try await $0.listMembers(path: .init(listID: listID.uuidString)).ok.body.json
    }
  }

  func share(list listID: UUID, with user: String, as role: ShareRole) async throws
    -> ListMember
  {
    try await call {
      try await $0.shareList(
        path: .init(listID: listID.uuidString, userName: user),
        body: .json(.init(role: role == .editor ? .editor : .viewer))
      ).ok.body.json
    }
  }

  func unshare(list listID: UUID, from user: String) async throws -> Int {
    try await call {
      try await $0.unshareList(path: .init(listID: listID.uuidString, userName: user)).ok.body
        .json.unassigned
    }
  }

  // MARK: - State

  /// `http://127.0.0.1:8080/` → `http-127.0.0.1-8080`: one numbers file per server.
  static func fileName(for url: URL) -> String {
    let text = url.absoluteString.replacingOccurrences(of: "://", with: "-")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
    let mapped = String(text.map { allowed.contains($0) ? $0 : "-" })
    return mapped.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
  }
}
