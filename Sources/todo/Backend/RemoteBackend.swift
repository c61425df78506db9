import Foundation
import TodoCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `todo serve` server, through its JSON API under `/api/v1`: the backend of the `todo`
/// client with `--server URL` or `$TODO_SERVER`.
///
/// Problems the server answers (RFC 9457 bodies) become `CLIError`s with the server's message
/// and the exit status of their HTTP status, so output and exit codes match the local backend.
struct RemoteBackend: TodoBackend {
  /// The server's root URL, as given (`http://127.0.0.1:8080`).
  let baseURL: URL
  /// `$XDG_STATE_HOME/todo/numbers-<server>.json`: the last listing's numbers for this server.
  let numbersFile: URL
  /// The HTTP session (ephemeral: no cookies or cache on disk).
  let session: URLSession

  /// A backend for the server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The server's root URL.
  ///   - environment: The process environment, which says where state files go
  ///     (`$XDG_STATE_HOME/todo`, else `~/.local/state/todo`).
  init(baseURL: URL, environment: [String: String]) {
    self.baseURL = baseURL
    self.numbersFile = Self.stateDirectory(environment)
      .appendingPathComponent("numbers-\(Self.fileName(for: baseURL)).json")
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    self.session = URLSession(configuration: configuration)
  }

  // MARK: - Lists

  func lists() async throws -> [TodoList] {
    try await send("GET", "/lists")
  }

  func createList(named name: String) async throws -> TodoList {
    try await send("POST", "/lists", body: ["name": name])
  }

  func renameList(id: UUID, to name: String) async throws -> TodoList {
    try await send("PATCH", "/lists/\(id.uuidString)", body: ["name": name])
  }

  func trashList(id: UUID) async throws -> TodoList {
    try await send("DELETE", "/lists/\(id.uuidString)")
  }

  func restoreList(id: UUID) async throws -> TodoList {
    try await send("POST", "/lists/\(id.uuidString)/restore")
  }

  // MARK: - Todos

  func todo(id: UUID) async throws -> TodoItem {
    try await send("GET", "/todos/\(id.uuidString)")
  }

  func createTodo(_ draft: NewTodo) async throws -> TodoItem {
    let listID = draft.listID ?? TodoList.inboxID
    return try await send(
      "POST", "/lists/\(listID.uuidString)/todos", body: NewTodoPayload(draft))
  }

  func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Int?) async throws -> TodoItem {
    try await send(
      "PATCH", "/todos/\(id.uuidString)", body: PatchPayload(patch: patch, version: expectedVersion)
    )
  }

  func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Int?) async throws
    -> TodoItem
  {
    try await send(
      "POST", "/todos/\(id.uuidString)/move",
      body: MovePayload(position: position, version: expectedVersion))
  }

  func trashTodo(id: UUID, expectedVersion: Int?) async throws -> TodoItem {
    try await send(
      "DELETE", "/todos/\(id.uuidString)",
      headers: expectedVersion.map { ["If-Match": "\"\($0)\""] } ?? [:])
  }

  func restoreTodo(id: UUID) async throws -> TodoItem {
    try await send("POST", "/todos/\(id.uuidString)/restore")
  }

  // MARK: - Search, trash, transfer

  func search(_ search: TodoSearch) async throws -> [TodoItem] {
    var query = [URLQueryItem(name: "q", value: search.text)]
    if !search.statuses.isEmpty {
      let statuses = search.statuses.map(\.rawValue).sorted().joined(separator: ",")
      query.append(URLQueryItem(name: "status", value: statuses))
    }
    if let from = search.deadlineFrom {
      query.append(URLQueryItem(name: "from", value: from.rawValue))
    }
    if let to = search.deadlineTo { query.append(URLQueryItem(name: "to", value: to.rawValue)) }
    if let list = search.listID {
      query.append(URLQueryItem(name: "list", value: list.uuidString))
    }
    return try await send("GET", "/search", query: query)
  }

  func trash() async throws -> TrashContents {
    try await send("GET", "/trash")
  }

  func emptyTrash() async throws -> (lists: Int, todos: Int) {
    let counts: CountsPayload = try await send("DELETE", "/trash")
    return (counts.lists, counts.todos)
  }

  func export() async throws -> ExportDocument {
    try await send("GET", "/export")
  }

  func importDocument(_ data: Data) async throws -> (lists: Int, todos: Int) {
    let counts: CountsPayload = try await send("POST", "/import", rawBody: data)
    return (counts.lists, counts.todos)
  }

  func close() async {
    session.finishTasksAndInvalidate()
  }

  // MARK: - State

  /// Where per-server state files go: `$XDG_STATE_HOME/todo`, else `~/.local/state/todo`.
  static func stateDirectory(_ environment: [String: String]) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("todo")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/state/todo")
  }

  /// `http://127.0.0.1:8080/` → `http-127.0.0.1-8080`: one numbers file per server.
  static func fileName(for url: URL) -> String {
    let text = url.absoluteString.replacingOccurrences(of: "://", with: "-")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
    let mapped = String(text.map { allowed.contains($0) ? $0 : "-" })
    return mapped.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
  }
}
